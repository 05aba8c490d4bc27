"""Images in the conversations of vision-language models: read from the question in Brazilian and European
Portuguese and English, turned into tokens by each family's own published rule, held in each conversation's
KV cache (or, for Llama 3.2 Vision, in its cross-attention layers), with vLLM's reserve for encoding them,
and said in the answer. Every figure below is worked out by hand in its comment.

Before this, an answer for "qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada" sized 20 text
conversations of 4,096 tokens and read "imagens" as an image-generation model left out."""

import json

import pytest

from bot import blocks
from bot.cli import main
from bot.rendering import render_text
from sizing.engine import size
from sizing.errors import SizingError
from sizing.query import parse
from sizing.workload import Workload

# Qwen2.5-VL 7B keeps per token 28 layers x 2 (K, V) x 4 KV heads x 128 x 2 bytes = 57,344 bytes.
QWEN7_TOKEN = 28 * 2 * 4 * 128 * 2
# Llama 3.2 11B Vision: 32 self-attention layers x 2 x 8 KV heads x 128 x 2 bytes = 131,072 bytes per token;
# its 8 cross-attention layers keep 2 x 8 x 128 x 2 = 4,096 bytes per image token each.
LLAMA_V_TOKEN = 32 * 2 * 8 * 128 * 2
LLAMA_V_CROSS = 8 * 2 * 8 * 128 * 2


def answer(text: str):
    query = parse(text)
    return query, size(query.workload)


def text_of(question: str) -> str:
    query, result = answer(question)
    return render_text(result, query)


def json_of(capsys, *argv) -> dict:
    assert main(["--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


# -- reading the question -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "images", "image_size", "with_images"),
    [
        ("qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada", 3, None, False),
        ("llava 7b para analisar notas fiscais, 1 imagem por pedido", 1, None, False),
        ("pixtral 12b with 4 images of 1024x1024 per conversation", 4, "1024x1024", False),
        ("gemma 3 27b 10 usuários com imagens", None, None, True),
        ("qwen2.5-vl 7b três imagens por conversa", 3, None, False),
        ("qwen2.5-vl 7b, 2 fotos de celular por usuário", 2, "phone", False),
        ("qwen2.5-vl 7b com fotos de telemóvel, 10 utilizadores em simultâneo", None, "phone", True),
        ("qwen2.5-vl 7b, 5 utilizadores em simultâneo, cada um envia 2 fotografias", 2, None, False),
        ("how much vram for qwen2.5-vl 72b with 10 users uploading 2 photos each", 2, None, False),
        ("qwen2.5-vl 7b an image per request, 8 users", 1, None, False),
        ("qwen2.5-vl 7b imagens full hd", None, "full_hd", True),
        ("qwen2.5-vl 7b imagens 4k", None, "uhd", True),
        ("qwen2.5-vl 7b 4k images, 5 users", None, "uhd", True),  # a size, not four thousand images
        ("qwen2.5-vl 7b 5 screenshots per conversation", 5, "screenshot", False),
        ("qwen2.5-vl 3b 1 print de tela por mensagem", 1, "screenshot", False),
        ("internvl2.5 38b documentos escaneados, 2 por conversa", 2, "scan", False),
        ("qwen2.5-vl 7b resolução de 1920x1080", None, "1920x1080", False),
        ("qwen2.5-vl 7b fotos de 12 MP", None, "12mp", True),
        ("qwen2.5-vl 7b 3 imagens (1280x720) por pedido", 3, "1280x720", False),
        ("gemma 3 12b 8k context, pictures of 800x600, 4 per chat", 4, "800x600", False),
        # Asked "with vision", and OCR: images, not counted.
        ("quanto de GPU precisa pro Mistral Small 3.1 com visão?", None, None, True),
        ("gemma 3 27b with vision, 5 users", None, None, True),
        ("qwen2.5-vl 7b para OCR de notas fiscais", None, None, True),
    ],
)
def test_images_are_read_as_people_say_them(text, images, image_size, with_images):
    query = parse(text)
    w = query.workload
    assert (w.images, w.image_size, w.with_images) == (images, image_size, with_images)
    assert query.unknown == [] and query.out_of_scope == []
    # ... and the answer says them first, in every language.
    for lang in ("pt-BR", "pt-PT", "en"):
        understood = render_text(size(w.but(lang=lang)), query).split("\n")[0].lower()
        assert any(
            word in understood for word in ("imagem", "imagens", "image", "foto", "photo", "screenshot")
        )


@pytest.mark.parametrize(
    "text",
    [
        "llama 3.1 70b imagem docker do vllm 10 usuarios",
        "llama 3.1 8b docker image vllm/vllm-openai:latest 4 users",
        "llama 8b image: vllm/vllm-openai",  # had been refused: the container read as a second model
        "qwen 32b na imagem oficial do vllm, 8 usuários",
        "llama 8b rodando em container, a imagem do container tem 20GB",
        "llama 70b, sem imagens",
        "qwen2.5-vl 7b no images, 10 users",
        "qwen2.5-vl 7b 0 imagens",
        "a imagem da empresa importa, llama 8b",
        "qwen 32b contexto 4k",
        "llama 70b 4k 10 usuarios",
    ],
)
def test_an_image_that_is_no_picture_in_a_conversation_is_not_counted(text):
    query = parse(text)
    w = query.workload
    assert (w.images, w.image_size, w.with_images) == (None, None, False)
    assert "imagem" not in query.unknown and "image" not in query.unknown
    if "4k" in text:
        assert w.context == 4096  # "4k" alone stays a context


def test_ocr_with_a_vision_model_counts_the_images_it_reads():
    query, result = answer("qwen2.5-vl 7b para OCR de notas fiscais, 5 mil notas por dia")
    assert query.workload.with_images and result.workload.images.counted
    assert result.workload.task == "extraction"
    # The same question without the word OCR holds text only: the images are what the KV cache adds.
    assert answer("qwen2.5-vl 7b ocr")[1].memory.kv_cache > answer("qwen2.5-vl 7b")[1].memory.kv_cache


def test_images_generated_are_no_input_either():
    query = parse("gerar imagens com llama 8b")
    assert not query.workload.with_images and query.workload.images is None


def test_a_volume_of_images_is_requests_each_with_one_image():
    # "10 mil imagens por dia": 10,000 requests a day (the busiest hour carries 15%: 1,500 an hour, 0.42/s),
    # each bringing one image.
    query, result = answer("qwen2.5-vl 7b 10 mil imagens por dia")
    assert query.workload.requests_per_day == 10_000 and query.workload.with_images
    assert result.workload.images.count == 1
    assert "Imagens sem quantidade: considerei 1 imagem por conversa" in render_text(result, query)


def test_a_total_of_images_with_no_per_conversation_is_said_not_sized_as_each():
    query, result = answer("qwen2.5-vl 7b analisar 5 mil imagens")
    assert query.images_total == ["5 mil imagens"] and query.workload.images is None
    assert result.workload.images.count == 1
    assert "“5 mil imagens”: um total, não por conversa" in render_text(result, query)


# -- how many tokens an image becomes, by family ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "per_image"),
    [
        # Qwen2.5-VL: sides rounded to multiples of 28 px; 1024/28 = 36.6 -> 37: 37 x 37 = 1,369, plus
        # <|vision_start|> and <|vision_end|>.
        ("qwen2.5-vl 7b 1 imagem de 1024x1024", 1369 + 2),
        # 1920/28 = 68.6 -> 69 and 1080/28 = 38.6 -> 39: 2,691 + 2.
        ("qwen2.5-vl 7b 1 imagem full hd", 69 * 39 + 2),
        # A 12 MP phone photo (4032 x 3024 = 12.2 MP, under max_pixels 12,845,056): 144 x 108 = 15,552 + 2.
        ("qwen2.5-vl 7b 1 foto de celular", 144 * 108 + 2),
        # 10,000 x 10,000 is over max_pixels: scaled by sqrt(1e8 / 12,845,056) = 2.79, each side floored to
        # 127 blocks of 28 (3,556 px): 127 x 127 = 16,129 + 2.
        ("qwen2.5-vl 7b 1 imagem de 10000x10000", 127 * 127 + 2),
        # LLaVA 1.5: 24 x 24 patches of a 336-px crop, whatever the photo (its window of 4,096 tokens keeps
        # the image and 3,520 of text).
        ("llava 1.5 7b 1 foto de celular", 576),
        # Gemma 3: 256 soft tokens between <start_of_image> and <end_of_image>, each side "\n\n".
        ("gemma 3 27b 1 imagem full hd", 256 + 4),
        # Pixtral: 16-px patches, a break token per row: 64 x 64 + 64.
        ("pixtral 12b 1 imagem de 1024x1024", 64 * 64 + 64),
        # 4032 x 3024 scaled to 1024 x 768: 64 columns x 48 rows + 48 breaks.
        ("pixtral 12b 1 foto de celular", 64 * 48 + 48),
        # InternVL2.5: a square image ties 1x1, 2x2 and 3x3; 3x3 wins while its area (1,048,576) exceeds half
        # of the grid's (0.5 x 448^2 x 9 = 903,168): 9 tiles and a thumbnail of 256 tokens, <img> and </img>.
        ("internvl2.5 4b 1 imagem de 1024x1024", 10 * 256 + 2),
        # 16:9 is closest to 2:1 (4 x 2, on a tie with 2 x 1 the larger grid): 8 tiles + thumbnail.
        ("internvl2.5 4b 1 imagem full hd", 9 * 256 + 2),
    ],
)
def test_each_family_turns_an_image_into_its_own_tokens(capsys, text, per_image):
    data = json_of(capsys, text)
    images = data["workload"]["images"]
    assert images["counted"] and images["tokens_per_image"] == per_image
    assert images["tokens_per_conversation"] == per_image
    # With no context given, each conversation holds 4,096 tokens of text and its images (LLaVA: its 4,096).
    assert data["workload"]["context_tokens"] == min(
        4096 + per_image, data["workload"]["model"]["max_context"]
    )


def test_llama_vision_holds_its_images_in_the_cross_attention_layers(capsys):
    # A 1024 x 1024 image needs the least upscaling on a 2 x 2 canvas of 560-px tiles (x1.09): 4 tiles of
    # 1,601 tokens (40 x 40 patches and a class token) = 6,404 tokens, read by the 8 cross-attention layers;
    # the text gets one <|image|> token.
    data = json_of(capsys, "llama 3.2 11b vision 10 usuarios 1 imagem de 1024x1024")
    images = data["workload"]["images"]
    assert images["cross_tokens_per_image"] == 4 * 1601 and images["tokens_per_image"] == 1
    cross = 6404 * LLAMA_V_CROSS  # 209,846,272 bytes
    assert images["cross_bytes_per_conversation"] == cross
    # Each conversation: 4,097 tokens in the 32 self-attention layers, and the image's keys and values.
    assert data["workload"]["context_tokens"] == 4097
    assert data["memory"]["kv_cache"] == 10 * (4097 * LLAMA_V_TOKEN + cross)  # 7,468,482,560 bytes


def test_a_small_image_takes_one_tile_in_llama_vision(capsys):
    # 500 x 500 fits a single 560-px tile with the least upscaling (x1.12): 1,601 tokens.
    images = json_of(capsys, "llama 3.2 11b vision 1 imagem de 500x500")["workload"]["images"]
    assert images["cross_tokens_per_image"] == 1601


# -- memory -------------------------------------------------------------------------------------------------


def test_images_are_held_in_each_conversations_kv_cache():
    query, result = answer("qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada")
    # 3 images of 1,371 tokens = 4,113 on top of 4,096 tokens of text: 8,209 tokens per conversation,
    # 8,209 x 57,344 = 470,736,896 bytes, x 20 users.
    assert result.workload.context_tokens == 8209
    assert result.kv_bytes_per_conversation == 8209 * QWEN7_TOKEN
    assert result.memory.kv_cache == 20 * 8209 * QWEN7_TOKEN
    text = render_text(result, query)
    assert "Entendi: Qwen2.5-VL 7B · 20 usuários simultâneos · 3 imagens por conversa" in text
    assert "inclui 4.113 tokens de imagem por conversa: 3 imagens × 1.371 tokens" in text
    assert "4.096 tokens de texto mais 4.113 tokens de imagem por conversa (3 imagens × 1.371 tokens)" in text
    assert "Tamanho das imagens não informado: considerei 1024×1024 pixels" in text
    assert "37 × 37 blocos de 28×28 pixels" in text


def test_without_images_the_same_question_holds_only_text():
    _, plain = answer("qwen2.5-vl 7b com 20 usuários")
    _, pictured = answer("qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada")
    assert plain.memory.kv_cache == 20 * 4096 * QWEN7_TOKEN
    assert pictured.memory.kv_cache - plain.memory.kv_cache == 20 * 4113 * QWEN7_TOKEN


def test_a_context_given_includes_the_images():
    # "32k" is what each conversation holds (vLLM's max_model_len): the images take 4,113 of its tokens.
    query, result = answer("qwen2.5-vl 7b 32k 3 imagens por conversa")
    assert result.workload.context_tokens == 32768
    assert result.kv_bytes_per_conversation == 32768 * QWEN7_TOKEN
    assert (
        "O contexto de 32.768 tokens inclui 4.113 tokens de imagem por conversa (3 imagens × 1.371 tokens); "
        "sobram 28.655 para o texto." in render_text(result, query)
    )


def test_a_prompt_given_in_tokens_gets_its_images_on_top():
    # 2,000 tokens of text and 2 x 1,371 of images: 4,742-token prompts, with 500-token answers.
    query, result = answer("qwen2.5-vl 7b, prompts de 2 mil tokens e 2 imagens cada, 5 req/s")
    assert result.workload.load.prompt_tokens == 2000 + 2742
    assert "Cada pedido traz 2.000 tokens de texto e 2.742 de imagem" in render_text(result, query)


def test_vllm_reserves_activations_to_encode_the_largest_image():
    # Qwen2.5-VL's largest image (max_pixels 12,845,056 = 3,584^2) is 128 x 128 = 16,384 tokens, 65,536
    # patches through the vision transformer (hidden 1,280, gated MLP 3,420): per layer 65,536 x 2 bytes x
    # (4 x 1,280 + 3 x 1,280 + 3 x 3,420) = 2,519,203,840 bytes, more than the language model's own peak.
    query, result = answer("qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada")
    assert result.memory.activations == 2_519_203_840
    assert result.workload.images.encoder_tokens_per_image == 16384
    text = render_text(result, query)
    assert "1 imagem do maior tamanho que o Qwen2.5-VL 7B aceita (16.384 tokens): 2,5 GB por GPU" in text
    # Capped at the customer's images (37 x 37 blocks of 28 px: 1,369 x 784 = 1,073,296 pixels), 5,476
    # patches: 5,476 x 2 x 19,220 = 210,497,440 bytes.
    assert "`--mm-processor-kwargs '{\"max_pixels\": 1073296}'` no vLLM, a reserva cai para 0,21 GB" in text


def test_fixed_size_encoders_reserve_for_as_many_images_as_a_prefill_chunk():
    # Gemma 3: 256 tokens an image, 2,048 // 256 = 8 images of 64 x 64 = 4,096 SigLIP patches (hidden
    # 1,152, MLP 4,304): 32,768 x 2 x (4 x 1,152 + 3 x 1,152 + 2 x 4,304) = 1,092,616,192 bytes.
    _, result = answer("gemma 3 27b 10 usuários com imagens")
    images = result.workload.images
    assert (images.encoder_images, images.encoder_activation_bytes) == (8, 1_092_616_192)
    assert result.memory.activations == 1_092_616_192


def test_a_model_with_a_short_window_keeps_its_images_and_less_text():
    # LLaVA 1.5 holds 4,096 tokens: a 576-token image leaves 3,520 for text (it had been refused).
    query, result = answer("llava 7b para analisar notas fiscais, 1 imagem por pedido")
    assert result.workload.context_tokens == 4096
    text = render_text(result, query)
    assert "3.520 tokens de texto mais 576 tokens de imagem por conversa" in text
    assert "Contexto não informado: usei 4.096" not in text


def test_images_make_the_first_token_slower():
    # The prompt carries the images (4,113 tokens) and the encoder runs over their 16,428 patches.
    _, plain = answer("qwen2.5-vl 7b com 20 usuários")
    _, pictured = answer("qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada")
    assert pictured.recommendation.performance.ttft_s > 2 * plain.recommendation.performance.ttft_s


# -- what cannot be counted -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "model", "nearest"),
    [
        ("llama 3.1 8b, 3 imagens por conversa", "Llama 3.1 8B", "Llama 3.2 11B Vision"),
        ("qwen3 32b com imagens", "Qwen3 32B", "Qwen2.5-VL 32B"),
        ("gemma 3 1b com fotos", "Gemma 3 1B", "Gemma 3 4B"),
        (
            "llama 3.1 8b para ocr de notas fiscais",
            "Llama 3.1 8B",
            "Llama 3.2 11B Vision",
        ),  # OCR reads images
    ],
)
def test_a_text_model_asked_with_images_says_so_and_names_a_vision_model(text, model, nearest):
    query, result = answer(text)
    assert result.workload.images.counted is False and result.workload.images.reason == "text_model"
    assert result.notes[0].startswith(f"{model} não lê imagens (é um modelo só de texto)")
    assert f"O modelo com visão mais próximo no catálogo é o {nearest}" in result.notes[0]
    # Sized as the text conversations it is: no image tokens anywhere.
    assert result.workload.context_tokens == 4096
    assert "tokens de imagem" not in render_text(result, query)


def test_a_model_that_reads_images_by_a_rule_not_in_the_catalogue_says_so():
    _, result = answer("llama 4 scout com 3 imagens por conversa")
    images = result.workload.images
    assert (images.counted, images.reason, images.nearest_vision_model) == (
        False,
        "unsourced",
        "llama-3.2-90b-vision",
    )
    assert "lê imagens, mas a regra de quantos tokens cada uma ocupa" in result.notes[0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # 5 phone photos are 5 x 15,554 = 77,770 tokens: more than the 32,768 asked for.
        (
            "qwen2.5-vl 72b 32k de contexto 50 usuários, 5 fotos de celular por conversa",
            "5 imagens × 15.554 tokens não cabem num contexto de 32.768 tokens com respostas de 500.",
        ),
        # 200 images of 1,371 tokens (274,200) go past Qwen2.5-VL's 32,768 on their own.
        (
            "qwen2.5-vl 7b 200 imagens por conversa",
            "200 imagens × 1.371 tokens por conversa já passam do limite de 32.768 tokens do Qwen2.5-VL 7B.",
        ),
        # 20 images (27,420 tokens) fit, but not beside 8,000-token prompts and their answers.
        (
            "qwen2.5-vl 7b 20 imagens por conversa, prompts de 8 mil tokens",
            "20 imagens × 1.371 tokens por conversa, com 8.500 tokens de texto, passam do limite de 32.768 "
            "tokens do Qwen2.5-VL 7B.",
        ),
        ("qwen2.5-vl 7b 1 imagem de 10x5000", "Não sei dimensionar imagens de “10x5000”"),
    ],
)
def test_images_that_cannot_be_held_get_a_clear_message(text, message):
    with pytest.raises(SizingError) as refused:
        size(parse(text).workload)
    assert refused.value.message("pt-BR").startswith(message)
    for lang in ("pt-BR", "pt-PT", "en"):  # said, with what would work, in every language and in Slack
        assert refused.value.message(lang) and refused.value.hint(lang)
        blocks.validate(blocks.error(refused.value, lang).blocks)


def test_phone_photos_past_qwens_window_point_to_its_max_pixels():
    # 3 phone photos are 3 x 15,554 = 46,662 tokens, past Qwen2.5-VL's 32,768: its model card's cap
    # (max_pixels 1280 x 28 x 28 = 1,003,520) keeps each image to 1,280 tokens.
    with pytest.raises(SizingError) as refused:
        size(parse("qwen2.5-vl 7b com 3 fotos de celular por conversa").workload)
    assert "`--mm-processor-kwargs '{\"max_pixels\": 1003520}'`" in refused.value.hint("pt-BR")


def test_an_impossible_count_of_images_is_refused():
    with pytest.raises(SizingError) as refused:
        size(Workload.given({"model": "qwen2.5-vl 7b", "images": 20_000}))
    assert refused.value.message("pt-BR") == "20.000 imagens por conversa não é plausível (de 1 a 10.000)."


# -- languages, JSON, command line, thread, Slack --------------------------------------------------------


def test_the_answer_says_the_images_in_english_and_european_portuguese(capsys):
    def said(question):
        assert main([question]) == 0  # in the language the question is written in
        return capsys.readouterr().out

    english = said("pixtral 12b with 4 images of 1024x1024 per conversation")
    # 4 images of 64 x 64 + 64 = 4,160 tokens: 16,640 on top of 4,096 tokens of text.
    assert "Understood: Pixtral 12B · 4 images per conversation · images of 1024×1024" in english
    assert "includes 16,640 image tokens per conversation: 4 images × 4,160 tokens" in english
    assert "20,736 tokens of context" in english
    portuguese = said("qwen2.5-vl 7b, 5 utilizadores em simultâneo, cada um envia 2 fotografias")
    # Portugal groups thousands with a (no-break) space.
    assert "Percebi: Qwen2.5-VL 7B · 5 utilizadores em simultâneo · 2 imagens por conversa" in portuguese
    assert "inclui 2\u00a0742 tokens de imagem por conversa: 2 imagens × 1\u00a0371 tokens" in portuguese
    assert "Tamanho das imagens não indicado: considerei 1024×1024 píxeis" in portuguese


def test_json_carries_the_images(capsys):
    data = json_of(capsys, "qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada")
    images = data["workload"]["images"]
    assert images == {
        "count": 3, "width": 1024, "height": 1024, "size": None, "counted": True, "reason": None,
        "rule": "merged_patches", "tokens_per_image": 1371, "cross_tokens_per_image": 0,
        "tokens_per_conversation": 4113, "cross_bytes_per_conversation": 0, "encoder_images": 1,
        "encoder_tokens_per_image": 16384, "encoder_activation_bytes": 2_519_203_840,
        "nearest_vision_model": None,
    }  # fmt: skip
    assert data["memory"]["image_encoding"] == data["memory"]["activations"] - 310_378_496


def test_flags_give_the_images(capsys):
    data = json_of(capsys, "-m", "qwen2.5-vl-7b", "--images", "2", "--image-size", "1920x1080")
    # 2 x (69 x 39 + 2) = 5,386 image tokens beside 4,096 of text.
    assert data["workload"]["images"]["tokens_per_conversation"] == 5386
    assert data["memory"]["kv_cache"] == (4096 + 5386) * QWEN7_TOKEN


def test_a_flag_with_a_size_it_cannot_read_says_which(capsys):
    assert main(["-m", "qwen2.5-vl-7b", "--image-size", "enorme"]) == 2
    assert "“enorme” não é um tamanho de imagem" in capsys.readouterr().err


def test_a_thread_changes_only_the_images():
    first = parse("qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada").workload
    follow = parse("e com 5 imagens?", base=first)
    assert (follow.workload.images, follow.workload.users) == (5, 20)
    follow = parse("and with phone photos?", base=first)
    assert (follow.workload.images, follow.workload.image_size) == (3, "phone")
    for text in ("e sem imagens?", "and without images?", "e com 0 imagens?"):
        follow = parse(text, base=first)
        assert (follow.workload.images, follow.workload.with_images, follow.workload.users) == (
            None,
            False,
            20,
        )
        assert follow.changed == ["images"]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada",
            "inclui 4.113 tokens de imagem por conversa",
        ),
        # 6,404 tokens x 4,096 bytes in the cross-attention layers: 0.21 GB.
        ("llama 3.2 11b vision 10 usuarios 1 imagem", "inclui 0,21 GB de atenção cruzada por conversa"),
        ("llama 3.1 8b, 3 imagens por conversa", "Llama 3.1 8B não lê imagens"),
    ],
)
def test_answers_with_images_are_valid_block_kit(text, line):
    query, result = answer(text)
    message = blocks.answer(result, query, payload="{}")
    blocks.validate(message.blocks)
    assert line in json.dumps(message.blocks, ensure_ascii=False)
