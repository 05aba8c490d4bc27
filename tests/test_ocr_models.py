"""OCR and document models, a family word followed by a release the catalogue lacks, and images asked of a
model that reads none ("roda o deepseek ocr?" had been DeepSeek V3, 671B on 8 H200s, "com imagens")."""

import pytest

from bot.rendering import render_text
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.i18n import t
from sizing.query import QueryError, parse


def _answer(text: str, lang: str = "pt-BR") -> tuple[object, str]:
    query = parse(text)
    result = size(query.workload.but(lang=lang))
    return result, render_text(result, query)


@pytest.mark.parametrize(
    "text", ["roda o deepseek ocr?", "DeepSeek-OCR numa L4", "how much for deepseek-ocr?"]
)
def test_deepseek_ocr_is_its_own_3b_model_not_deepseek_v3(text):
    result, answer = _answer(text)
    assert result.workload.model.id == "deepseek-ocr"
    assert 3.2e9 < result.workload.model.params < 3.5e9  # the checkpoint's 3,336,106,240
    assert "DeepSeek V3" not in answer and "H200" not in answer.split("Alternativ")[0]


def test_deepseek_ocr_counts_its_page_images_in_the_context():
    result, _ = _answer("deepseek ocr para 500 páginas escaneadas por hora")
    assert result.workload.model.id == "deepseek-ocr"
    assert (
        result.workload.images is not None and result.workload.images.tokens_per_image == 273
    )  # 16 x (16 + 1) + 1


def test_deepseek_ocr_shape_is_cited_and_has_no_latent_attention():
    m = next(m for m in load_catalog().models if m.id == "deepseek-ocr")
    assert m.mla is None and m.num_kv_heads == m.num_heads == 10  # use_mla false: a plain KV cache
    assert "arXiv:2510.18234" in m.source


def test_olmocr_2_is_said_as_qwen2_5_vl_7b():
    result, _ = _answer("olmocr 2 com 10 usuários")
    assert result.workload.model.derived_from == "qwen2.5-vl-7b"
    assert result.workload.model.name.startswith("olmOCR 2 7B")


@pytest.mark.parametrize(
    ("text", "name", "similar"),
    [
        ("dots.ocr numa l40s", "dots.ocr", "DeepSeek-OCR"),
        ("quanto precisa o paddleocr-vl?", "PaddleOCR-VL", "DeepSeek-OCR"),
        ("granite docling", "Granite-Docling", "DeepSeek-OCR"),
        ("got ocr 2.0", "GOT-OCR 2.0", "DeepSeek-OCR"),
        ("nanonets ocr2 3b", "Nanonets-OCR2", "Qwen2.5-VL 3B"),
    ],
)
def test_an_ocr_model_without_a_cited_config_is_not_in_the_catalogue(text, name, similar):
    with pytest.raises(QueryError) as e:
        parse(text)
    said = e.value.message("pt-BR") + (e.value.hint("pt-BR") or "")
    assert e.value.key == "query.uncatalogued" and name in said and similar in said


@pytest.mark.parametrize("text", ["quanto de gpu pro mistral ocr?", "mistral-ocr-latest on an h100"])
def test_mistral_ocr_is_an_api_only_model(text):
    with pytest.raises(QueryError) as e:
        parse(text)
    assert e.value.key == "query.closed_model" and "Mistral AI" in e.value.message("en")


@pytest.mark.parametrize(
    ("text", "lang", "closest", "sized"),
    [
        ("deepseek janus", "pt-BR", "DeepSeek V3", False),  # had been DeepSeek V3, "janus" not understood
        ("qwen math 7b", "pt-BR", "Qwen2.5 7B", True),  # had been Qwen2.5 7B without a word
        # ("deepseek math 7b" had been R1 Distill Qwen 7B: DeepSeekMath 7B is said not catalogued since.)
        ("deepseek prover numa h100", "en", "DeepSeek", False),
        ("gemma med 4b", "pt-PT", "Gemma 3 4B", True),
        ("llama vision 11b", "pt-BR", "Llama 3.2 11B Vision", True),  # had been Llama 3.1 8B with 46 layers
    ],
)
def test_a_family_word_with_an_unknown_release_is_not_the_familys_model(text, lang, closest, sized):
    with pytest.raises(QueryError) as e:
        parse(text)
    message = e.value.message(lang)
    assert e.value.key == "unknown_model_suggest" and closest in message
    # its size was said: the hint does not ask for it again ("/gpu qwen math 7b 32b")
    assert ("32b" in (e.value.hint(lang) or "")) is not sized


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("deepseek", "deepseek-v3"),
        ("deepseek para chatbot", "deepseek-v3"),
        ("deepseek 70b", "deepseek-r1-distill-llama-70b"),
        ("qwen 7b", "qwen2.5-7b"),
        ("qwen ocr 7b", "qwen2.5-7b"),  # a task word after the family: Qwen used for OCR
        ("qwen coder 32b", "qwen2.5-coder-32b"),
        ("llama guard", "llama-guard-3-8b"),
    ],
)
def test_a_family_word_with_a_task_word_or_a_known_release_still_answers(text, model):
    assert parse(text).workload.model == model or size(parse(text).workload).workload.model.id == model


@pytest.mark.parametrize(
    ("text", "lang", "vision"),
    [
        ("llama 3.1 8b para ler pdfs escaneados de notas fiscais", "pt-BR", "Llama 3.2 11B Vision"),
        ("llama 3.1 8b for scanned PDFs", "en", "Llama 3.2 11B Vision"),
        ("llama 3.1 8b para ler pdfs escaneados", "pt-BR", "Qwen2.5-VL 7B"),
        ("deepseek v3 com imagens", "pt-BR", "DeepSeek-OCR"),
    ],
)
def test_images_asked_of_a_text_model_are_said_first_with_vision_models(text, lang, vision):
    result, answer = _answer(text, lang)
    assert result.workload.images is not None and result.workload.images.reason == "text_model"
    assert not result.workload.images.tokens_per_image  # no image tokens sized for a model that takes none
    head = answer.split("\n\n")[0]
    intro = t(lang, "understood.images.text_model", model=result.workload.model.name, others="")
    intro = intro.split(":")[0]
    assert intro in head and vision in head
