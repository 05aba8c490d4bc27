"""How people ask: shorthand (`70b 4bit 32k 10users`) and sentences in Portuguese and English.

parse() turns any text into a Workload, the fragments it did not understand, and the typos it corrected.
It raises only QueryError, with a message in the user's language and examples that work.

The text is matched without accents and case; each recognised piece is blanked out of a working copy, so
what is left at the end is exactly what was not understood.
"""

from __future__ import annotations

import difflib
import itertools
import math
import re
from datetime import date
from functools import lru_cache

import msgspec

from . import (
    code_query,
    concepts,
    deadlines,
    distillation_query,
    encoder_query,
    encoders,
    i18n,
    image_query,
    latency,
    prefilter,
    redact,
    regexes,
    reward_query,
    speculative_query,
    speech,
    speech_query,
    traffic_query,
)
from . import topics as topic_words
from .catalog import (
    BUDGET_ID,
    EXL2_MAX_BPW,
    EXL2_MIN_BPW,
    MAX_BUDGET_GB,
    Catalog,
    Series,
    budget_id,
    exl2_bpw_of_id,
    exl2_id,
    kept_index,
    load_catalog,
    normalize,
)
from .errors import SizingError, with_why
from .names import _SOURCES as _SOURCES  # the modules the kept indexes are worked out by
from .names import (
    FAMILY_SAME_SIZE,
    VARIANT_TAILS,
    base_in_name,
    family_in_name,
    family_members,
    family_words,
    name_index,
    parse_size,
    release_index,
    repo_precision,
    resolve_gpu,
    resolve_model,
    resolve_precision,
    same_size_word,
    versioned_prefix,
    versioned_words,
)
from .plan import (
    ADAPTER_DATA_EXAMPLES,
    ADAPTER_DATA_PAGES,
    ADAPTER_DATA_TOKENS,
    BYTES_PER_TOKEN,  # training data said by its size on disk, in tokens (the LoRA default's data size)
    DEFAULT_CONTEXT,  # the context a thread with none said was sized at ("o dobro do contexto")
    MAX_GPUS,  # the most GPUs a question may name (a pre-training cluster of thousands)
    batch_period,  # a batch's window as it was said ("8 horas"), in the note of "e se for 24/7?"
)
from .quantities import parse_amount, parse_context, parse_count
from .redact import scrub
from .serve_after import LOAD_FIELDS, serving_workload
from .training import LORA_MODULES as _LORA_MODULES
from .vocabulary import alternation, load_vocabulary, strip_accents
from .workload import Intent, Method, Optimizer, Stage, Task, Workload

MAX_CHARS = 4000
# A number no workload needs (users, tokens, money: the readers' own plausibility checks stop at ~10^15-10^18)
# and whose float overflows or loses its digits: refused whole, before any reader turns it into "R$ inf".
HUGE_NUMBER = re.compile(r"(?<![\w.,])\d(?:[.,]?\d){20,}")  # 21 digits and more
MAX_SPAN = 6  # tokens a catalogue name can span: "deepseek r1 distill qwen 1.5b"
TYPO_CUTOFF = 0.85  # similarity above which a misspelt name is taken as the catalogue one


class QueryError(SizingError):
    """Text that cannot become a workload; message(lang) says why, with examples that work. parse() sets
    the language the text asked for and the one it is written in, so that the refusal is in it too."""

    asked_lang: str | None = None
    written_lang: str | None = None

    def __init__(self, key: str, hint: str | None = "query.examples", **params) -> None:
        super().__init__(key, hint=hint, **params)
        self.unknown: list[str] = []  # the words not understood, when nothing was
        self.given: dict = {}  # query.what_fits: the workload's fields but the model
        self.availability_asked = False  # "tem H100 disponível?": said in the answers with no model

    def message(self, lang: str = "pt-BR") -> str:
        from .i18n import context, gb, kib, number, t

        params = dict(self.params)
        # counts (the text measured, the people of an ask-back), grouped as the reader writes numbers
        for count in ("chars", "limit", "users", "users_scaled"):
            if isinstance(params.get(count), int):
                params[count] = number(params[count], lang)
        for tokens in ("context", "context_scaled"):  # "8k → 9.830 tokens" (it had been "9830")
            if isinstance(params.get(tokens), int):
                params[tokens] = context(params[tokens], lang)
        if "what" in params:  # the field a contradiction is about, in the reader's language
            params["what"] = t(lang, f"field.{params['what']}")
        if "kind" in params:  # a kind of thing, named in the reader's language
            params["kind"] = t(lang, params["kind"])
        # the KV cache explained (_kv_explained): KiB a token, GB a conversation
        if "per_token_bytes" in params:
            params["per_token"] = kib(params.pop("per_token_bytes"), lang)
            params["per_conversation"] = gb(params.pop("per_conversation_bytes"), lang)
        if "retention_days" in params:  # the request log's statement (sizing/topics.py WITH_LOG)
            retention = t(lang, "retention.statement", days=params["retention_days"])
            params["log"] = t(lang, "slack.disclosure", retention=retention)
        return t(lang, f"error.{self.key}", **with_why(params, lang))

    @classmethod
    def from_sizing(cls, error: SizingError) -> QueryError:
        return cls(error.key, hint=error.hint_key, **error.params)


class EncoderAnswer(QueryError):
    """Embedding or reranking models asked about with no LLM (sizing/encoder_query.py): raised while reading as
    the answer itself, in the reader's language."""

    is_answer = True

    def __init__(self, answer: encoder_query.Answer) -> None:
        # The params tell answers apart (the pipeline keeps rendered replies by them), and the log shows them.
        gpu = answer.named_gpu.id if answer.named_gpu else None
        super().__init__("query.encoders", hint=None, name=answer.names, asked=answer.text, gpu=gpu)
        self.answer = answer

    priced = True

    def message(self, lang: str = "pt-BR") -> str:
        return self.answer.message(lang)

    def priced_message(self, lang: str = "pt-BR") -> str:
        return self.answer.message(lang, show_prices=True)


class ConceptAnswer(QueryError):
    """ "o que é quantização?", "what does TTFT mean?", "quanto tempo leva para carregar o modelo?" with no
    model: what the words of the answers mean, with worked figures (sizing/concepts.py), raised while reading
    as the answer itself, in the reader's language."""

    is_answer = True

    def __init__(self, keys: list[str], model: str | None = None) -> None:
        super().__init__("query.concepts", hint=None, concepts=tuple(keys))
        self.keys = keys
        self.model = model  # "fine-tune ou treinar do zero o qwen 14b?": the figures are its own

    def message(self, lang: str = "pt-BR") -> str:
        from . import concepts

        if self.keys == ["load_time_model"]:
            return concepts.load_time_ask(lang)
        return concepts.explain(self.keys, lang, model=self.model)


class ChoiceWithoutModel(QueryError):
    """ "compare fp8 e int4 em 2 h100" with no model: which model is missing, with the precisions and the GPUs
    read, and the question as asked with a model, to ask again."""

    def __init__(self, precisions: list[str], gpu: str, count: int, typed: str) -> None:
        example = "llama 3.1 70b " + " ".join(typed.split()).rstrip("?!. ")
        super().__init__("query.topic_model_for_choice", hint=None, example=example)
        self.precisions, self.gpu, self.count = precisions, gpu, count

    def message(self, lang: str = "pt-BR") -> str:
        catalog = load_catalog()
        names = [catalog.precision(p).name for p in self.precisions]
        gpus = f"{self.count}× {catalog.gpu(self.gpu).name}"
        return i18n.t(lang, "error.query.topic_model_for_choice", precisions=i18n.join(names, lang),
                      gpus=gpus, example=self.params["example"])  # fmt: skip


class LatencyAnswer(QueryError):
    """ "qual a latência a partir de Lisboa?" with no model: the round trip from each place named to our GPUs
    (sizing/latency.py), raised while reading as the answer itself, in the reader's language."""

    is_answer = True

    def __init__(self, places: list) -> None:
        super().__init__("query.latency", hint=None, places=tuple(p.key for p in places))
        self.places = places

    def message(self, lang: str = "pt-BR") -> str:
        return "\n".join(latency.lines(self.places, lang))

    @property
    def data(self) -> dict:
        """Its figures, for --json: each place, the region whose round trip answers it, and whether it is listed."""
        return {
            "places": [
                {"place": p.key, "region": p.region.name, "rtt_ms": p.region.rtt_ms, "listed": p.listed}
                for p in self.places
            ],
            "as_of": latency.table().as_of,
        }


class SpeechAnswer(QueryError):
    """A speech-recognition model asked about with no LLM (sizing/speech_query.py): raised while reading as the
    answer itself, in the reader's language."""

    is_answer = True

    def __init__(self, answer: speech_query.Answer) -> None:
        gpu = answer.named_gpu.id if answer.named_gpu else None
        super().__init__("query.speech", hint=None, name=answer.names, asked=answer.text, gpu=gpu)
        self.answer = answer

    priced = True

    def message(self, lang: str = "pt-BR") -> str:
        return self.answer.message(lang)

    def priced_message(self, lang: str = "pt-BR") -> str:
        return self.answer.message(lang, show_prices=True)

    @property
    def data(self) -> dict:
        """Its figures, for --json."""
        return self.answer.data()


class Query(msgspec.Struct):
    help: bool = False
    help_log: bool = False  # the help asked about the request log ("how do I export the log?")
    workload: Workload | None = None
    unknown: list[str] = []  # fragments not understood, as typed
    corrections: list[tuple[str, str]] = []  # (as typed, understood as)
    lang: str | None = None  # language the text asked for explicitly
    detected_lang: str = "pt-BR"  # language the text is written in, by its words (pt-BR when they do not say)
    written_lang: str | None = None  # the same, None when the words do not say (shorthand)
    changed: list[str] = []  # follow-ups: the fields the text changed
    out_of_scope: list[str] = []  # embedding, speech or image models named, as typed
    personal: list[str] = []  # kinds of personal data removed before reading
    noted: list[str] = []  # subjects said beside the model that earn a note (sizing/topics.py NOTES)
    # The name each note of `noted` says: "not_rented" the GPU asked for that we do not rent ("vcs tem gh200? quero
    # rodar o deepseek r1"), "uncatalogued" the model refused beside the one sized
    noted_names: dict[str, str] = {}
    # "o que é QLoRA? quero ajustar o llama 8b": the concepts asked the meaning of beside the model, each
    # explained in a note beside its sizing (sizing/concepts.py)
    concepts: list[str] = []
    # "latência a partir de Lisboa, llama 3.1 8b": the places whose round trip to our GPUs is said beside the
    # sizing, added to its first token (sizing/latency.py); each a region's name in latency.toml
    latency_from: list[str] = []
    # "quanto tempo leva para carregar o llama 70b?": the weights' load time said beside the sizing
    load_time: bool = False
    # "scale to zero", "serverless": on demand, its cold start (the load time) said beside the sizing
    scale_to_zero: bool = False
    ranges: list[tuple[str, str]] = []  # (a range as typed, the bound read)
    # Plain numbers read as the people ("llama 70b pra 400") that a context's size could be, as typed: the answer
    # says so.
    bare_users: list[str] = []
    # Trades no list names, read as people by their ending ("20 tradutores"), as typed: the answer says so.
    trades: list[str] = []
    gpu_forms_missing: list[tuple[str, str]] = []  # "h200 nvl": (as typed, the card sized), said
    callers: list[str] = []  # programs counted as users ("20 bots"), as typed: the answer says so
    times_users: list[tuple[str, int]] = []  # "x20" read as 20 people at once: (as typed, the count)
    vague_counts: list[tuple[str, int]] = []  # "centenas de usuários" read as 200: (as typed, the count)
    # "temos 10 mil por mês" with no word of money: a budget or requests? (as typed, its amount as typed)
    amount_a_month: list[tuple[str, str]] = []
    # "llama 70b ou qwen": a family beside the model, with no size, weighed against it: (as typed, its model
    # nearest the sized one's size, as an example); the answer asks which (it had been dropped without a word)
    family_unsized: list[tuple[str, str]] = []
    # "para toda a empresa" with no count of any load: as typed, the head-count asked for
    whole_group: list[str] = []
    vague_many: list[tuple[str, int]] = []  # "muitos usuários" read as our default: (as typed, the count)
    # A precision ruled out ("sem 4 bits", "no 4-bit please"): (as typed, the precision sized instead, the GPU that
    # runs no 8-bit when that is why it is 16-bit, else None)
    ruled_out: list[tuple[str, str, str | None]] = []
    deadline_dates: list[tuple[str, date, int]] = []  # (a deadline said as a date, that date, its days)
    # "granite 3.3 8b": a family the catalogue lacks before the size (as typed, the words it takes), applied
    # once the typos are read (_parse)
    family_candidate: tuple[str, list[str]] | None = None
    # Ollama tags that name no file ("gemma3:27b"), read as the file Ollama pulls by default.
    ollama_tags: list[str] = []
    gguf_default: bool = False  # "gguf" with no type ("Qwen2.5-7B-Instruct-GGUF"): read as Q4_K_M, said so
    # Answers said to be short or long ("respostas curtas"): (as typed, the tokens each was read as).
    answer_lengths: list[tuple[str, int]] = []
    answer_pages: list[
        tuple[str, int, int]
    ] = []  # (as typed, tokens, tokens a page): "respostas de 2 páginas"
    prompt_lengths: list[tuple[str, int]] = []  # and prompts ("perguntas curtas")
    context_lengths: list[tuple[str, int]] = []  # and a context ("contexto longo")
    # A share of the people using it on a day ("20% de uso diário"): (as typed, the people, the people a day).
    daily_shares: list[tuple[str, int, int]] = []
    # And a share of the people using it at all ("70% dos 2 mil colaboradores"), the same three.
    people_shares: list[tuple[str, int, int]] = []
    # Two groups of people with no word of which one uses it ("2000 pacientes por dia e 50 médicos"): (the
    # group sized as typed, the other as typed); the larger load is sized.
    other_groups: list[tuple[str, str]] = []
    # Prompts given as speech by its duration ("transcrições de 1 hora"): (as typed, tokens, tokens a minute).
    speech_lengths: list[tuple[str, int, int]] = []
    # "500 horas de áudio": as typed, the transcript's tokens to read in all, the tokens a minute of speech, and
    # the period they come again in (None: once)
    speech_volumes: list[tuple[str, int, int, float | None]] = []
    # Lengths in words ("documentos de 2000 palavras"): (as typed, tokens, tokens a word).
    word_lengths: list[tuple[str, int, float]] = []
    # A RAG question's documents by their length ("rag com manuais de 300 páginas"): (as typed, each question's
    # prompt, the passages retrieved, their tokens each); the documents are the collection searched.
    rag_documents: list[tuple[str, int, int, int]] = []
    # Lengths of what the model writes ("posts de 300 tokens", "descrições de 150 palavras"): (as typed, each
    # answer's tokens, the unit and its rate when said in words, pages..., else None).
    written_lengths: list[tuple[str, int, str | None, float | None]] = []
    # Lengths in characters, lines or paragraphs ("textos de 2 mil caracteres", "código de 2 mil linhas"): (as
    # typed, tokens, the unit, its rate: traffic.toml's characters a token, else tokens a unit).
    unit_lengths: list[tuple[str, int, str, float]] = []
    # Words naming a vision-language model ("qwen2.5-vl", "llama 3.2 11b vision", "llava"), as typed: the
    # answer says when the model it sized carries no vision encoder.
    vision_named: list[str] = []
    # A choice of precisions ("4 ou 8 bits", "fp8 or int4"): (as typed, the one sized, the next one); only
    # the first was sized.
    precision_choices: list[tuple[str, str, str]] = []
    corpus: list[str] = []  # a RAG corpus counted ("1M documentos"), as typed
    cpu_only: list[str] = []  # running on a CPU asked about ("em cpu", "sem gpu"), as typed
    phone: list[str] = []  # running on a phone asked about ("no celular"), as typed
    frameworks: list[str] = []  # a training framework named ("nemo megatron", "deepspeed"), as typed
    zero_said: list[tuple[int, str]] = []  # the ZeRO stages and FSDP named: (stage, as typed)
    # a release said alone in a thread that lacks the thread's model's size: (as typed, the release's nearest
    # model's name, the thread model's name)
    release_nearest: list[tuple[str, str, str]] = []
    mixed_gpus: str | None = None  # cards of several kinds in one machine ("2 L40S + 1 A100"), as typed
    # Setups of a choice of models or precisions crossed with a choice of GPUs that the side-by-side had no room
    # for (past _MOST_CHOICES): (the side, its GPUs), as "Entendi" names them
    setups_left: list[tuple[str, str]] = []
    # the GPU that counts with no GPU named were crossed on (the recommendation's), and the counts
    counts_on: tuple[str, list[int]] | None = None
    # GPU time as a budget ("500 horas de GPU", "2 mil horas de H100"): hours, the GPU they are of (None: any),
    # as typed
    gpu_hours: list[tuple[float, str | None, str]] = []
    off_peak: list[str] = []  # a quieter hours' rate beside the peak one ("10 req/min à noite"), as typed
    users_off_peak: list[
        str
    ] = []  # the users of the quieter hours beside the peak's ("20 fora do pico"), as typed
    # A model already fine-tuned, to serve ("fine-tunado com lora", "já treinei um lora"): (as typed, how:
    # "lora", "qlora" or "" when not said).
    fine_tuned: list[tuple[str, str]] = []
    # A memory figure said as the model's need, to check ("o llama 70b precisa de 140gb, confere?"): (GB, as typed).
    # The answer sets it against the weights and the whole load (bot/rendering.py); it is no GPU's memory.
    memory_claimed: list[tuple[float, str]] = []
    other_engines: list[str] = []  # a serving engine other than vLLM named ("sglang", "tgi"), as typed
    kv_per_token: bool = False  # "kv cache ... por token?": the answer says what a token takes
    kv_explained: bool = False  # "explica melhor o kv cache" in a thread: what it is, in the thread's figures
    why_asked: bool = False  # "por quê?" in a thread: what decided the answer, said first
    # The system's RAM, not a GPU's ("notebook com 16gb de ram"), as typed: the answer asks for the GPU's.
    system_ram: list[str] = []
    system_ram_gb: float | None = None  # the largest amount said, in GB
    # A machine of the asker's named without its memory ("no meu notebook", "macbook m3"), as typed.
    device_alone: list[str] = []
    mac_alone: list[str] = []  # the same for a Mac ("no meu macbook m3")
    # A count of images too large for one conversation, said with no "per conversation", as typed.
    images_total: list[str] = []
    no_images: bool = False  # "sem imagens": a thread's follow-up takes its images away
    # "lora?", "e com qlora?" in a thread about serving, a method with no word of training: as typed, read as a
    # fine-tune of the thread's model, which the answer says (with how to ask for adapters served instead)
    method_alone: str | None = None
    # "qual o contexto máximo do qwen 7b?": the model's own context limit asked, said in the answer's first lines
    context_limit_asked: bool = False
    # Another model offered as a choice beside the one sized ("... ou qwen 32b em bf16"), as typed; also one
    # the catalogue cannot size ("... ou gpt-7", "... vs gpt-4o"), which the answer says it could not compare.
    model_choices: list[str] = []
    together: bool = False  # the two models are asked for on the same GPU ("juntos", "na mesma gpu")
    routed: bool = False  # ... as a router and the model it hands off to ("como roteador", "e manda pro")
    # Closed models named beside an open one ("llama 70b ou gpt-4o"), as typed: not sized, never refused.
    closed_named: list[str] = []
    # A total of tokens said beside the context and the users ("total 320k"): (as typed, the context of
    # each conversation, the users), said back as their product.
    context_totals: list[tuple[str, int, int]] = []
    # Counts of people said as parts of one group ("vendas (10), suporte (25) e jurídico (5)"): (as typed,
    # the parts), said back with their sum.
    users_summed: list[tuple[str, list[int]]] = []
    # Counts said as a number of places or groups times what each has ("100 escolas, cada escola com 300
    # alunos", "300 lojas, 3 perguntas por loja por hora"): (as typed, the places, each one's), said back with
    # their product, and what it counts ("users", "population" or "requests").
    products: list[tuple[str, float, float, str]] = []
    # ... counted as a head-count ("vendas (10) e 30 funcionários no suporte"): their sum is people, not users
    summed_head_count: bool = False
    # ... or a head-count beside users at once ("12 analistas e 30 atendentes"): as typed, the people, the users,
    # and the users' parts as typed ("30 atendentes")
    mixed_groups: list[tuple[str, int, int, str]] = []
    # "20 atendentes e 100 funcionários, 10 ao mesmo tempo": the trade's people as typed, their count, the
    # head-count's people at once and the head-count, summed into the conversations at once (said in the answer)
    held_beside_at_once: list[tuple[str, int, int, int]] = []
    # Counts of users said as phases ("piloto com 10 usuários e depois 100"): (as typed, the pilot's, the
    # production's, which is sized).
    phases: list[tuple[str, int, int]] = []
    # Values corrected as they were typed ("100 usuários, digo, 150"): (as typed, the value kept).
    corrected: list[tuple[str, str]] = []
    # Request rates said as phases ("5 req/min no começo, 300 em produção"): (the pilot's, the production's), as typed.
    rate_phases: list[tuple[str, str]] = []
    # Growth with its horizon ("dobrar em 6 meses"): (as typed, the multiple), the grown load sized.
    growth: list[tuple[str, float]] = []
    # Growth by a share each period over a horizon ("20% ao mês por 6 meses"): (as typed, the share, the periods,
    # the multiple), said with the growth; with no horizon (as typed, the share, its period in months), today's load
    # sized.
    growth_compound: list[tuple[str, float, float, float]] = []
    growth_rate_alone: list[tuple[str, float, float]] = []
    growth_later: list[
        tuple[str, float]
    ] = []  # a growth with today's load sized, as asked: (as typed, factor)
    # People in shifts ("1000 funcionários em 3 turnos"): (as typed, the people, the shifts, those at work at once).
    shifts: list[tuple[str, int, int, int]] = []
    # Each shift's people listed ("3 turnos: 40, 40 e 20 atendentes"): (as typed, the day's people, the shifts,
    # the largest shift's, which is sized).
    shift_lists: list[tuple[str, int, int, int]] = []
    # A part of the people named after them ("40 mil alunos, sendo 10% de pós"): (as typed, the people sized).
    subgroups: list[tuple[str, int]] = []
    # That part said to be the only one using it ("..., sendo 10% de pós, só a pós vai usar"): (the part as typed,
    # the people counted, the part's, which is sized).
    subgroups_only: list[tuple[str, int, int]] = []
    # "resposta em até 3 s": a time said of the answer with no word for its first token, read as the time to
    # the first token (the answer says so, and how to ask for the whole answer's)
    ttft_as_answer: list[str] = []
    text: str | None = None  # what was read (set by callers that keep queries, as a cache key)
    base: str | None = None


# -- vocabulary --------------------------------------------------------------------------------------
# The words are data (sizing/data/vocabulary/<lang>.toml); what is here is the grammar that joins them.

VOCAB = load_vocabulary()
_W = VOCAB.pattern
FILLER = VOCAB.plain("words.filler")
FAMILIES = set(
    ["llama", "qwen", "mistral", "mixtral", "gemma", "phi", "deepseek", "falcon", "command", "glm", "kimi", "gpt", "oss", "nemo"]
)  # fmt: skip

# Chat spellings ([shorthand] in the word lists): "qwen3 s/ raciocínio" is "sem raciocínio" (it had been read
# as reasoning on), "o q é kv cache?" asks what the KV cache is, "w/o thinking" is without. A spelling stands
# alone (not inside "req/s/gpu" or "q4_k_m"); one of [shorthand_after_number] follows a number ("3kk").
_SPELT = VOCAB.shorthand.get("shorthand", {})
_SPELT_AFTER_NUMBER = VOCAB.shorthand.get("shorthand_after_number", {})
# A spelling before "=", "+" or "-" is a setting's name or a formula's letter ("n=8", "N+1"), not a word of chat; one
# beside an apostrophe is an elision ("I'd", "d'analyse"), and one beside "&" an initial ("R & D"), not "de".
SHORTHAND = (
    regexes.compile(rf"(?<![\w/&'’])(?<!&\s)({alternation(_SPELT)})(?:(?<=/)|(?![\w/&'’]|\s*[=+-]|\s&))")
    if _SPELT
    else None
)
SHORTHAND_AFTER_NUMBER = (
    regexes.compile(rf"(?<=\d)\s?({alternation(_SPELT_AFTER_NUMBER)})(?![\w/])")
    if _SPELT_AFTER_NUMBER
    else None
)


# The characters besides A-Z that a case-insensitive pattern's ASCII letter matches (CPython 3.11's re, checked
# over every code point): folded to that letter, a text holds a pattern's lower-case ASCII literal wherever the
# pattern could match it, so `word in _folded(text)` may rule a case-insensitive pattern out before it runs.
_FOLD_ODD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def _folded(text: str) -> str:
    """`text` in lower case, with _FOLD_ODD's characters as the ASCII letters they match: for the tests that
    skip a case-insensitive pattern (most of the reader's whole-text rewrites find nothing in a question)."""
    folded = text.lower()  # "\u212a" (Kelvin) is "k" already; "\u0130" becomes "i" and a combining dot
    if text.isascii() or not ("\u0131" in folded or "\u017f" in folded or "\u0307" in folded):
        return folded
    return text.translate(_FOLD_ODD).lower()


def _entry_parts(entry: str) -> list[str]:
    """An entry's words, each split at its hyphens, as alternation() spells them (accent-free, lower case): each
    is a literal of the entry's pattern, so every match of the entry holds every one of them."""
    return [
        part for word in strip_accents(entry.strip().lower()).rstrip("*").split() for part in word.split("-")
    ]


def _first_words(*keys: str) -> re.Pattern:
    """A pattern that finds, in a text, a string that every match of each entry under `keys` holds, as
    alternation() spells the entry (accent-free, lower case): its first word's first part ("" where none, which
    any text holds)."""
    firsts = frozenset(
        _entry_parts(entry)[0] if entry.strip(" *") else "" for key in keys for entry in VOCAB.words(key)
    )
    return prefilter.any_of(firsts)  # type: ignore[return-value]  # never empty: a key has its words


def _needed_words(*keys: str) -> re.Pattern:
    """As _first_words, with fewer and rarer strings: an entry of one word gives that word, and an entry of
    several gives a part it holds that is given already ("rather not": "not"), else its longest ("nem pensar":
    "pensar"). Any part will do (_entry_parts); the first ones ("we" of "we don't want", "is" of "is out") are
    in most English questions."""
    entries = sorted(
        (_entry_parts(entry) if entry.strip(" *") else [""] for key in keys for entry in VOCAB.words(key)),
        key=len,
    )
    needed: set[str] = set()
    for parts in entries:
        if needed.isdisjoint(parts):
            needed.add(max(parts, key=len))
    return prefilter.any_of(frozenset(needed))  # type: ignore[return-value]  # never empty: a key has its words


_NUMBER_BEFORE = regexes.compile(r"\d[\d.,]*$")


def shorthand_rewrites(text: str) -> list[tuple[str, str]]:
    """Each chat spelling chat_shorthand writes out, as (the words put in, the words typed), with the words around
    it so that a common word is put back only there: "10 %" for "10 por cento", "ano que vem" for "ano q vem"; so
    that what the answer quotes is what the customer wrote (_as_typed)."""
    found = []
    for at, to, words, spelt in _spellings(text):
        before = _NUMBER_BEFORE.search(text, 0, at) if words is _SPELT_AFTER_NUMBER else None
        before = before or _WORD_BEFORE_SPELLING.search(text, 0, at)
        after = _WORD_AFTER_SPELLING.match(text, to) if words is _SPELT else None
        start, end = before.start() if before else at, after.end() if after else to
        said = " ".join([*text[start:at].split(), *words[spelt].split(), *text[to:end].split()])
        if start < at or end > to:  # a word alone ("q") is put back only beside its words
            found.append((said, " ".join(text[start:end].split())))
    return found


# Kept by text: chat_shorthand and shorthand_rewrites read the same matches, and a question's text passes here
# three times (parse() before and after its dates are read, _parse_text), each a pass of two patterns over it.
@lru_cache(maxsize=256)
def _spellings(text: str) -> tuple[tuple[int, int, dict[str, str], str], ...]:
    """The chat spellings in `text` (start, end, the table that spells it out, its key), matched on the
    accent-free text, whose positions are the text's."""
    plain = strip_accents(text)
    found = []
    for pattern, words in ((SHORTHAND, _SPELT), (SHORTHAND_AFTER_NUMBER, _SPELT_AFTER_NUMBER)):
        for m in pattern.finditer(plain) if pattern is not None else ():
            spelt = re.sub(r"[\s_-]+", " ", m.group(1))
            if spelt in words:
                found.append((m.start(), m.end(), words, spelt))
    return tuple(found)


_WORD_BEFORE_SPELLING = regexes.compile(r"[^\W\d_]+\s+$")
_WORD_AFTER_SPELLING = regexes.compile(r"\s+[^\W\d_]+")


@lru_cache(maxsize=256)
def chat_shorthand(text: str) -> str:
    """The text with its chat spellings written out ("p/ mês" -> "por mês", "3kk" -> "3 milhões"), replaced in
    the text as typed (_spellings)."""
    spans = [(start, end, f" {words[spelt]} ") for start, end, words, spelt in _spellings(text)]
    for start, end, written in sorted(spans, reverse=True):
        text = text[:start] + written + text[end:]
    if "-" in text:
        text = GLUED_UNIT.sub(r"\1 ", text)
    if "out" in text or "OUT" in text:
        text = IN_OUT.sub(_in_out, text)
    if _SETTING_GLUED_CUE.search(text):
        text = SIZE_WORD.sub(_settings_apart, text)
    if "/" in text:
        # three sizes or more are kept as typed, refused by parse() in the question's language
        text = SLASHED_SIZES.sub(
            lambda m: m.group(0).replace("/", " vs ") if m.group(0).count("/") == 1 else m.group(0), text
        )
    if " em " in text or " in " in text:
        text = PHASE_UNIT_LEFT_OUT.sub(r"\1 \2", text)
    if "tok" in text or "TOK" in text or "ontext" in text or "ONTEXT" in text:
        text = GLUED_TOKENS.sub(lambda m: f"{m.group(1)} {'tokens' if m.group(2) else m.group(3)}", text)
    return text


# "50 em 2 meses e 200 em 6": the next phase's unit left out, as the one before said it (the 200 had been "Não
# entendi", and "6" no time)
_TIME_UNITS = r"(?:meses|mes|months?|semanas?|weeks?|anos?|years?|dias?|days?)"
PHASE_UNIT_LEFT_OUT = regexes.compile(
    rf"((?<![\w.,])\d{{1,6}}(?:\s+[a-z]+)?\s+(?:em|in|within)\s+\d{{1,3}}\s+({_TIME_UNITS})\b[^\d?!.;]{{1,25}}?"
    rf"(?<![\w.,])\d{{1,6}}(?:\s+[a-z]+)?\s+(?:em|in|within)\s+\d{{1,3}})(?![\w.,%])(?!\s+(?:{_TIME_UNITS}|horas?|hours?|mil|k)\b)",
    re.IGNORECASE,
)


# "llama 70b-fp8", "32k-ctx": a size or a context glued by a hyphen to the word after it, a space (the precision
# had been dropped as "Não entendi: fp8"); not inside a hyphenated name ("llama-3.1-70b-fp8", a repo's, read as one)
GLUED_UNIT = regexes.compile(
    r"(?<![\w./-])(\d{1,4}(?:\.\d)?[bk])-(?=(?:fp8|fp16|bf16|fp4|int4|int8|awq|gptq|nf4|gguf|[48][\s-]?bits?|ctx"
    r"|context|contexto)\b)",
    re.IGNORECASE,
)


# "32ktokens", "8ktoks", "32k tok", "32kcontexto": a length in thousands glued to its unit, or with tokens cut
# short (each had been "Não entendi"); as typed, with a space and the unit written out.
GLUED_TOKENS = regexes.compile(
    r"(?<![\w./-])(\d{1,4}(?:[.,]\d{1,3})?[km])(?:\s?(toks?)|(tokens?|contexto?))\b", re.IGNORECASE
)


# "qwen 32bfp8", "llama70b4bit", "llama70b-4bit", "qwen 32b-q4", "llama-70b-fp8-32k": a word holding a size and the
# settings glued to it (each had been "Não entendi" for the settings, or the whole word). A repo ("Qwen/...",
# "...-GGUF:Q4_K_M") and a file are no such word; a hyphenated name that reads as one ("llama-3.1-70b-fp8") keeps
# its hyphens.
SIZE_WORD = regexes.compile(r"(?<![^\s,;(])[^\s/:,;()]*\d[bBkK][^\s/:,;()]*")
_SETTING = r"(?:\d{1,2}-?bits?|fp\d{1,2}|bf16|int[48]|awq|gptq|nf4|q[2-8](?:_k(?:_[msl])?|_0|km|ks)?)"
_SETTING_GLUED = regexes.compile(rf"(\d(?:\.\d+)?b)({_SETTING})(?=$|-)", re.IGNORECASE)
_SETTING_HYPHENED = regexes.compile(rf"^([a-z]*\d+(?:\.\d+)?b)-({_SETTING})$", re.IGNORECASE)
_SETTING_THEN_CONTEXT = regexes.compile(rf"({_SETTING})-(\d{{1,4}}k)$", re.IGNORECASE)
# What one of the three needs in a word: a size glued to a setting ("32bfp8", "70b4bit") or by a hyphen
# ("70b-4bit"), or a context after a hyphen ("fp8-32k"). Nearly every question holds a size word, and splitting
# each anew was ~20 us of a fresh reading for the few that glue a setting to it.
_SETTING_GLUED_CUE = regexes.compile(r"\db(?:[\d-]|fp|bf|int|awq|gptq|nf4|q[2-8])|-\d{1,4}k", re.IGNORECASE)


def _settings_apart(m: re.Match) -> str:
    word = m.group(0)
    if word.lower().endswith((".gguf", ".safetensors")):
        return word
    word = _SETTING_GLUED.sub(r"\1 \2", word)
    word = _SETTING_HYPHENED.sub(r"\1 \2", word)
    return _SETTING_THEN_CONTEXT.sub(r"\1 \2", word)


# "in 2k out 500", "ctx 32k out 1k", "input: 2k, out: 300": a prompt's (or the context's) length and then the
# answer's, each key before its number, read as "input"/"output" are: "out" had been taken as the suffix of the
# number before it ("32k out"), and the answers refused as longer than the context.
IN_OUT = regexes.compile(
    r"\b(in|input|ctx|context|contexto|prompts?|isl)(\s*[:=]?\s*\d+(?:[.,]\d+)?\s*[km]?(?:\s*tokens)?\s*[,/;]?\s*)"
    r"out(?:put)?(\s*[:=]?\s*\d+(?:[.,]\d+)?\s*[km]?)\b",
    re.IGNORECASE,
)


def _in_out(m: re.Match) -> str:
    key = "input" if m.group(1).lower() == "in" else m.group(1)
    return f"{key}{m.group(2)}output{m.group(3)}"


NUMBER_WORDS = VOCAB.numbers
MULTIPLIERS = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
UNIT_VALUES = {
    strip_accents(word): value
    for name, value in MULTIPLIERS.items()
    for word in VOCAB.words(f"multipliers.{name}")
}
DAY_UNITS = {"hour": 1 / 24, "day": 1, "week": 7, "month": 30, "year": 365}
DAYS_OF = {
    strip_accents(word): days for name, days in DAY_UNITS.items() for word in VOCAB.words(f"durations.{name}")
}
_BIG = alternation([w for n in ("million", "billion", "trillion") for w in VOCAB.words(f"multipliers.{n}")])
_NUM = r"(-?\d+(?:[.,]\d+)?)"
# Programs calling the model are counted as people are (users.callers: "20 bots"), each a conversation at once.
_COUNT_NOUNS = alternation([*VOCAB.words("users.nouns"), *VOCAB.words("users.callers")])
# "20 bots", "20 integrações chamando a API": the answer says it read them as users at once (query.callers).
# The noun right after the count: "20 support agents" are people, said by their own words.
CALLERS = regexes.compile(rf"^\W*[\d.,]+\s+(?:{_W('users.callers')})\b")
_NUMBER_WORD = alternation(NUMBER_WORDS)
# "vinte e cinco", "twenty-five", "two hundred and fifty", "twenty five": number words joined by "and", a
# hyphen or a space ("forty-five" had been 40 and then -5, refused as a negative count).
NUMBER_PHRASE = regexes.compile(
    rf"\b{_NUMBER_WORD}(?:(?:\s+{_W('counting.and')}\s+|-|\s+(?={_NUMBER_WORD}\b)){_NUMBER_WORD})*\b"
)
# "two hundred", "três dúzias": the word multiplies the count before it (one when none is said).
SCALES = {strip_accents(w): 100 for w in VOCAB.words("counting.hundred")} | {
    strip_accents(w): 12 for w in VOCAB.words("counting.dozen")
}
# "3 dozen users", "5 hundred": the digits times the word after them (they had been 12 and 100).
DIGITS_SCALE = regexes.compile(rf"(?<![\w.,])(\d{{1,4}})\s+({alternation(list(SCALES))})\b")
# "a quarter of a million requests": a quarter before the multiplier, as HALF reads a half.
QUARTER = regexes.compile(
    rf"\b(?:{_W('counting.quarter')})(?=\s+(?:{_W('multipliers.million')}|{_W('multipliers.billion')})\b)"
)
# "a few hundred users", "several dozen", "tens of thousands": a vague count right before a hundred, a dozen or a
# thousand is left for VAGUE_COUNT and VAGUE_SCALE, the least it says (the bare hundred had been read as 100
# people, "tens of thousands" as 1,000).
VAGUE_BEFORE = regexes.compile(rf"\b(?:{_W('counting.vague')})\s+$")
_ONE = _W("counting.one")
# "primeiro token em menos de um segundo", "under a second": one second of latency ("segundo" had been left not
# understood, and the target dropped). Not "um segundo modelo" (a second model).
ONE_SECOND = regexes.compile(
    r"\b(?:de|em|ate|than|under|within|in)\s+(?P<one>um|one|a)(?=\s+(?:segundo|second)\b(?!\s+(?:modelo|model|gpu|servidor|server)))"
)
ONE_BEFORE_NOUN = regexes.compile(rf"\b{_ONE}(?=\s+{_W('users.one')}\b)")
# "numa gpu", "numa placa de vídeo": "em uma", one GPU, as "em uma gpu" is (it had been dropped, no count read)
# (not a card of the customer's own, said by its memory: "numa placa de vídeo de 12gb" is read as that machine)
ONE_ON_GPU = regexes.compile(
    rf"\bnuma(?=\s+(?:gpu|{_W('counts.gpus')})\b)(?!\s+[a-z ]{{0,24}}?\d+(?:[.,]\d+)?\s*(?:gb|gib|g|gigas?)\b)"
)
_CONTEXT_WORD = _W("keys.context")
# "contexto de 32k", "o contexto for de 32k", "context is 32k": up to two joining words.
_CONTEXT_JOIN = r"(?:(?:de|of|=|:|com|em|for|seja|fosse|sera|era|is|be|were|was|are)\s*){0,2}"
# "mil e quinhentos", "2 mil e 500" (once number words are digits): one number, 1,500 and 2,500, as Portuguese
# joins a round hundred to its thousands; not after a context word ("contexto de 32 mil e 100 usuários").
_THOUSAND = _W("multipliers.thousand")
# English says it with no "and": "two thousand five hundred" ("2 thousand 500" by then) had been a 2,000-token
# context and 500 people.
THOUSANDS_AND = regexes.compile(
    rf"(?<![\w.,])(?:(\d{{1,3}})\s+)?(?:{_THOUSAND}\s+{_W('counting.and')}\s+([1-9]00)"
    r"|thousand\s+([1-9]\d{0,2}))(?![\w.,])"
)
# "meio segundo", "half a second", "meio milhão", "a cada meia hora": a half before a unit is 0.5 of it.
HALF = regexes.compile(
    # "meio bilhão de parâmetros", "half a billion parameters": a size of 0.5B (it had been "Não entendi: meio");
    # "half-hour calls": a recording's length of 0.5 hours
    rf"\b{_W('counting.half')}(?=(?:\s+|-)(?:segundos?|seconds?|horas?|hours?|{_W('multipliers.million')}"
    rf"|{_W('multipliers.billion')})\b)"
)
# "300 one-hour meetings", "reuniões de uma hora": one of the duration, a recording's length (the count had been
# read as a context, or the length left unread). Not "a"/"an" ("300 requests an hour" is a rate), nor "uma hora"
# alone ("em uma hora" is a deadline, read as it is).
ONE_BEFORE_DURATION = regexes.compile(
    r"(?:\bone|(?<=\bde\s)(?:um|uma))(?=(?:\s+|-)(?:horas?|hours?|minutos?|minutes?)\b)"
)
AFTER_CONTEXT_WORD = regexes.compile(rf"\b{_CONTEXT_WORD}\s*{_CONTEXT_JOIN}$")
# "um milhão de textos", "a million requests", "one thousand users": one of the multiplier after it.
_MULTIPLIER_WORD = alternation(
    [w for n in MULTIPLIERS for w in VOCAB.words(f"multipliers.{n}") if len(w) > 1]
    + list(VOCAB.words("counting.thousand"))
)
# Not the "a" of "half a million", "half a billion": HALF reads the pair (it had been "half" and 1 billion).
ONE_BEFORE_MULTIPLIER = regexes.compile(rf"(?<!\bhalf\s)\b{_ONE}(?=\s+{_MULTIPLIER_WORD}\b)")
# "10 thousand users", "1.5 thousand": English spells the thousand out; the number it makes, digits.
_THOUSAND_SPELT = _W("counting.thousand")
THOUSANDS_SPELT = regexes.compile(rf"(?<![\w.,])(\d+(?:[.,]\d+)?)\s+{_THOUSAND_SPELT}\b")
# "mil usuários", "uns mil documentos por dia", "prompts de mil tokens", "thousands" with no number before
# it: one thousand. The word before it that only joins ("de", "uns", "about") gives its room to the digits.
BARE_THOUSAND = regexes.compile(
    rf"(?<![\w.,])(?:{_W('counting.before_thousand')}\s+)?(?:{_THOUSAND}|{_THOUSAND_SPELT})\b"
    r"(?!\s*(?:milh|mil\b|bilh|e\s+\d))"
)
_AFTER_DIGITS = regexes.compile(r"\d[\s.,]*$")
# "mil milhões de tokens" (Portugal's billion, Spain's "mil millones") with no number before: one billion. Written
# as the same-length "1 bilhoes" so the billion is read where "2 mil milhões" is (it had been left unread).
BARE_BILLION = regexes.compile(r"(?<![\w.,])mil\s(?:milhoes|millones)\b")
_TOKEN_NEXT = regexes.compile(r"\s*(?:de\s+)?(?:tokens?|toks?)\b")
_WORD_NEXT = regexes.compile(r"\s+[a-z]")

_END = 2**63 - 1  # re's default endpos: the end of the text


class _Scan(msgspec.Struct):
    """The working copy of the text: recognised spans are blanked so they are not read twice."""

    original: str
    work: str
    typed: str = ""  # the working text as it starts: the text as typed, lower case, without accents
    typed_pieces: set[str] | None = None  # its pieces (the working text's until it is rewritten)
    # Its pieces, and the tests it passes with how many they tell (prefilter.search)
    typed_told: tuple[set[str], int, int] | None = None
    found: dict[str, list] = {}
    taken: set[int] = set()
    _pieces: set[str] | None = None
    _pieces_of: str | None = None  # the working text _pieces cover (blanking keeps them valid)
    # The tests of sizing/prefilter.py that the text of _pieces passes, and how many were numbered then
    # (prefilter.present): each pattern tried is then a few integer operations.
    _present: int = 0
    _known: int = 0
    # The tokens _present was gathered from, and whether the text was blanked since: a word the scan has
    # read is gone from the text, and the patterns that need it are skipped (~5 of the ~20 a question ran
    # found nothing for that), by the tokens looked for again (_regather).
    _tokens: list = []
    _blanked: bool = False
    _training_said: tuple[str, bool] | None = None  # training_said()'s: the working text, and its verdict
    _spans_of: tuple[str, list] | None = None  # spans()'s: the working text, and its _spans

    def __post_init__(self) -> None:
        self.typed = self.work
        self.typed_pieces = self._pieces = prefilter.pieces(self.work)
        self._pieces_of = self.work
        self._tokens = []
        self._present, self._known = prefilter.present(self._pieces, self.work, self._tokens)
        self.typed_told = (self.typed_pieces, self._present, self._known)

    def told_of(self, plain: str) -> tuple[set[str], int, int] | None:
        """What was gathered of the text as typed (typed_told), for `plain`, that text without accents in lower
        case: the working text started as it unless a trade's word was read as people's (_as_people)."""
        return self.typed_told if plain == self.typed else None

    def _renew(self) -> None:
        """The pieces and tests of a working text that was rewritten."""
        self._pieces, self._pieces_of = prefilter.pieces(self.work), self.work
        self._tokens, self._blanked = [], False
        self._present, self._known = prefilter.present(self._pieces, self.work, self._tokens)

    def _regather(self) -> int:
        """The tests the working text passes now it was blanked (prefilter.still_present)."""
        self._present, self._tokens = prefilter.still_present(self._tokens, self.work)
        self._blanked = False
        return self._present

    def pieces_now(self) -> set[str]:
        """The working text's pieces (sizing/prefilter.py), worked out again where it was rewritten; blanking
        keeps them (a text with more spaces has no piece the text before lacked)."""
        if self.work is not self._pieces_of:
            self._renew()
        return self._pieces

    def told_now(self) -> tuple[set[str], int, int]:
        """What the working text passes as prefilter.may_search takes it (typed_told's, for the text now)."""
        if self.work is self.typed and self._pieces is self.typed_pieces and not self._blanked:
            return self.typed_told  # type: ignore[return-value]
        bits, known = self.tests()
        return self._pieces, bits, known  # type: ignore[return-value]

    def tests(self) -> tuple[int, int]:
        """The bits of the tests the working text passes, and how many tests they tell (prefilter.present)."""
        if self.work is not self._pieces_of:
            self._renew()
        elif self._blanked:
            self._regather()
        return self._present, self._known

    def may_match(self, pattern: re.Pattern) -> bool:
        """False when `pattern` cannot match the working text: most patterns find nothing in a question, and
        are skipped without running (sizing/prefilter.py)."""
        if self.work is not self._pieces_of:
            self._renew()
        worked_out = prefilter.NEEDED.get(id(pattern))  # as take() does
        if worked_out is not None and worked_out[4] <= self._known:
            present = self._present  # prefilter.passes, without the call: ~90 of these a question
            for way in worked_out[3]:
                if way & present == way:
                    break
            else:
                return False
            return not self._blanked or prefilter.passes(worked_out[3], self._regather())
        return self._tested(pattern, worked_out)

    def _tested(self, pattern: re.Pattern, worked_out: tuple | None) -> bool:
        """may_match for a pattern the text's tests do not tell: not worked out yet, or since they were
        gathered (a process's first questions). Its strings are looked for in the working text as it is now."""
        if worked_out is None:
            return prefilter.may_match(pattern, self._pieces) and prefilter.strings_in(
                pattern, self._pieces, self.work
            )
        return (worked_out[1] is None or not worked_out[1].isdisjoint(self._pieces)) and (
            worked_out[2] is None or prefilter.whole_in(worked_out[2], self._pieces, self.work)
        )

    def training_said(self) -> bool:
        """Whether the working text says a training (_TRAINING_SAID), kept while the text is unchanged: three of
        the reader's steps ask it in turn, mostly of the same text."""
        kept = self._training_said
        if kept is not None and kept[0] is self.work:
            return kept[1]
        said = self.search(_TRAINING_SAID) is not None
        self._training_said = (self.work, said)
        return said

    def spans(self) -> list[tuple[int, int, int, str]]:
        """_spans of the working text, kept while the text is unchanged: the names not sized (_uncatalogued)
        and the names (_names) ask it of the same text in ~1 fresh question in 3. Read, never changed."""
        kept = self._spans_of
        if kept is None or kept[0] != self.work:  # a pure function of the text: an equal one too
            kept = self._spans_of = (self.work, _spans(self.work))
        return kept[1]

    # pattern.search / match / finditer over the working text (or a part of it: what it needs is then in the
    # whole text too), skipped where may_match says it finds nothing; for the patterns run outside take().
    def search(self, pattern: re.Pattern, pos: int = 0, endpos: int = _END) -> re.Match | None:
        return pattern.search(self.work, pos, endpos) if self.may_match(pattern) else None

    def match(self, pattern: re.Pattern, pos: int = 0, endpos: int = _END) -> re.Match | None:
        return pattern.match(self.work, pos, endpos) if self.may_match(pattern) else None

    def finditer(self, pattern: re.Pattern, pos: int = 0, endpos: int = _END) -> list[re.Match]:
        """Every match, read before any is blanked."""
        return list(pattern.finditer(self.work, pos, endpos)) if self.may_match(pattern) else []

    def sub(self, pattern: re.Pattern, repl) -> None:
        """The working text rewritten by pattern.sub, skipped where may_match says the pattern finds nothing
        (most of the number words' rewrites, on every question)."""
        if self.may_match(pattern):
            self.work = pattern.sub(repl, self.work)

    def take(self, pattern: re.Pattern, kind: str, convert) -> None:
        if self.work is not self._pieces_of:  # as may_match, inline: a question tries ~270 patterns
            self._renew()
        worked_out = prefilter.NEEDED.get(id(pattern))
        if worked_out is not None and worked_out[4] <= self._known:
            present = self._present  # prefilter.passes, without the call
            for way in worked_out[3]:
                if way & present == way:
                    break
            else:
                return
            if self._blanked and not prefilter.passes(worked_out[3], self._regather()):
                return  # what it needs was read and blanked since the tests were gathered
        elif not self._tested(pattern, worked_out):
            return
        for m in list(pattern.finditer(self.work)):
            value = convert(m)
            if value is None:
                continue
            self.found.setdefault(kind, []).append((value, self.original[m.start() : m.end()].strip()))
            self.blank(m.start(), m.end())

    def blank(self, start: int, end: int) -> None:
        covered = self.work is self._pieces_of
        self.work = self.work[:start] + " " * (end - start) + self.work[end:]
        self.taken.update(range(start, end))
        if covered:  # a text with more spaces: what a pattern needs in it was in the text before
            self._pieces_of = self.work
            self._blanked = True


# -- patterns ----------------------------------------------------------------------------------------

# A date says when, not how much: "2026-12-15", "15/12/2026", "31.12.2026", "20/01", "15 de dezembro (de
# 2026)", "December 15, 2026", "dezembro de 2026". Read as one, its year is no context size ("2.026 de
# contexto" before) and its day no count.
# An amount of money ("R$ 20 mil", "US$ 5k", "5 mil dólares", "orçamento de 20 mil") is a budget the answer
# does not size by: said as not understood, never a context of 20,000 tokens nor a count.
# The currency after the amount: its word, or the euro's sign as Portugal writes it ("500 mil €", "2 M€").
_CURRENCY = r"(?:\s*(?:de\s+)?(?:reais|real|dolares|dollars|euros|brl|usd|eur)\b|\s*€)"
# An amount: its digits, or thousands grouped by spaces as Portugal writes them ("500 000 €"), only with the
# currency after them (a space between numbers says nothing else; "500 000 €" had been a budget of 500).
_AMOUNT = (
    r"(?:\d{1,3}(?:\s\d{3})+(?=\s*(?:€|(?:de\s+)?(?:reais|dolares|dollars|euros|brl|usd|eur)\b))"
    r"|\d+(?:[.,]\d+)*)"
)
# Millions as "M" only before the euro's sign ("2 M€"): "2m" alone is no amount.
_MILLION_SIGN = r"|\s*m(?=\s*€)"
MONEY = regexes.compile(
    # the amount before its word, first so that its currency stays inside: "10k de orçamento mensal", "a 20k
    # monthly budget", "50 mil reais de verba"
    rf"(?<![\w.,])\d+(?:[.,]\d+)*(?:\s*(?:mil|k)\b)?{_CURRENCY}?"
    # "10 mil por mês de orçamento", "10k/mo budget", "10k a month to spend": the month between them too (the
    # amount had been a context of 10,000 tokens)
    r"(?:\s+(?:de|of|in|mensal|mensais|monthly|anual|annual|yearly|total)|\s*/\s*(?:mes|month|mo)\b"
    r"|\s+(?:por|ao|per|a)\s+(?:mes|month)\b)*\s+(?:orcamento|budget|verba|to\s+spend|pra\s+gastar|para\s+gastar)\b"
    # "we can spend 5k/mo", "podemos gastar 10 mil por mês": a verb of spending before an amount a month
    rf"|(?:(?<=\bspend\s)|(?<=\bgastar\s))\d+(?:[.,]\d+)*(?:\s*(?:mil|k)\b)?{_CURRENCY}?"
    r"(?=\s*/\s*(?:mes|month|mo)\b|\s+(?:por|ao|per|a)\s+(?:mes|month)\b)"
    # a ceiling's word before the amount is the budget's ("the fastest within R$ 3k", "dentro de R$ 5 mil")
    r"|(?:\b(?:within|under|below|up\s+to|dentro\s+de)\s+)?(?:(?:\b(?:r|us)\$|\$|€|\b(?:brl|usd|eur)\b)\s*\d+(?:[.,]\d+)*(?:\s*(?:mil|k|mi|milhoes|milhao|millions?)\b)?"
    rf"|(?<![\w.,]){_AMOUNT}(?:\s*(?:milhoes|milhao|millions?|mil|k|mi){_MILLION_SIGN})?{_CURRENCY}"
    # "2k/mo", "10 mil/mês": thousands a month with no noun between are money, the way ads write a price
    r"|(?<![\w.,])\d+(?:[.,]\d+)*\s*(?:mil|k)(?=\s*/\s*(?:mo|mes|month)\b))"
    # not a price per million tokens ("$2 per 1M tokens"), which the cost words read
    r"(?!\s*(?:/|\bper\b|\bpor\b|\bcada\b|\ba\b)\s*(?:1\s*)?(?:m|mi|mtok|milhao|million)\b)"
    # "orçamento de 20 mil", "orçamento mensal de", "orçamento apertado, uns 5 mil", "budget of about"
    r"|\b(?:orcamento|budget|verba)(?:[\s,:=]+(?:de|of|mensal|monthly|por\s+mes|per\s+month|do\s+mes|total|apertado|"
    r"limitado|maximo|disponivel|previsto|estimado|tight|limited|available|maximum|max|approximately|approx|around|"
    r"about|uns|umas|cerca\s+de|ate|up\s+to|is|e|sera|fica|de\s+no\s+maximo))*[\s,:=]+"
    # (millions too: "orçamento de R$ 3 milhões" had been a budget of R$ 3,00)
    rf"(?P<amount>(?:(?:r|us)\$\s*)?{_AMOUNT}(?:\s*(?:milhoes|milhao|millions?|mil|mi|k)\b{_MILLION_SIGN})?{_CURRENCY}?)"
    # a budget of time is a deadline ("budget two days"), read with the durations, or a latency ("latency
    # budget 2s end to end", "orçamento de 500 ms"), read with the traffic
    # (not its integer part either: "latency budget of 1.5 s" had been a budget of 1)
    r"(?![.,\d]*\s*(?:ms|s|seg|segundos?|seconds?|secs?|milissegundos?|milliseconds?)\b)"
    rf"(?!\s*(?:{_W('durations.day')}|{_W('durations.week')}|{_W('durations.month')}|{_W('durations.hour')}|{_W('durations.year')})\b)"
)
# "temos 10 mil por mês": thousands a month with no noun, no currency and no budget word: money or requests? With
# a word of money in the question ("quanto custa?", "can spend") a budget; else the answer asks which, and sizes
# without it (it had been a context of 10,000 tokens and a cost asked).
AMOUNT_A_MONTH = regexes.compile(
    r"(?<![\w.,$])(?P<n>\d+(?:[.,]\d+)*)\s*(?P<k>mil|k)\s+(?:por|ao|per|a|every|each)\s+(?:mes|month)\b"
    r"(?!\s+(?:de\s+|of\s+)?[a-z]{3,}(?<!\bthe)(?<!\bfor)(?<!\bpra)(?<!\bpara)(?<!\bcom)(?<!\bwith)(?<!\band))"
)
_MONEY_CUES = regexes.compile(rf"\b(?:{_W('words.money_cues')})\b|r\$|us\$|\$|€")
# A budget's period after its amount ("R$ 15 mil por mês", "$20k/month", "mensais") or before it ("orçamento
# mensal de", "monthly budget of"); a price by the hour or by the GPU is no budget.
_BUDGET_MONTHLY_AFTER = regexes.compile(
    r"\s*(?:/\s*(?:mes|month|mo)\b|(?:por|ao|a|per|each|every|/)\s+(?:mes|month)\b|mensa(?:l|is)\b|monthly\b)"
)
# "R$ 50 mil por ano", "$120k a year", "anual": a year's budget, compared as its twelfth part each month.
_BUDGET_YEARLY_AFTER = regexes.compile(
    r"\s*(?:/\s*(?:ano|year|yr)\b|(?:por|ao|a|per|each|every)\s+(?:ano|year)\b|anua(?:l|is)\b|yearly\b|annual(?:ly)?\b)"
)
_BUDGET_TOTAL_AFTER = regexes.compile(
    r"\s*(?:no\s+total|in\s+total|total|para\s+o\s+projeto|for\s+the\s+project)\b"
)
_BUDGET_YEARLY_WORD = regexes.compile(r"\b(?:anual|annual|yearly)\b")
_BUDGET_MONTHLY_WORD = regexes.compile(
    r"\b(?:mensal|monthly|(?:por|per|ao|a)\s+(?:mes|month)|do\s+mes)\b|/\s*(?:mes|month|mo)\b"
)
_BUDGET_TOTAL_WORD = regexes.compile(r"\btotal\b")
_PRICE_AFTER = regexes.compile(
    r"\s*(?:/\s*(?:h|hr|hora|hour|gpu)\b|(?:por|per|a|the|each|cada)\s+(?:h|hr|hora|hour|gpu|token|tokens)\b)"
)
# Another provider's price for a million tokens ("a US$ 0,60 por milhão", "$0.60 per 1M output tokens", "R$ 3
# por milhão de tokens gerados", "0,60 dólar por milhão de tokens"): set against ours, never a budget.
API_PRICE = regexes.compile(
    r"(?:(?:\b(?:r|us)\$|\$|€|\b(?:brl|usd|eur)\b)\s*(?P<amount>\d+(?:[.,]\d+)?)"
    r"|(?<![\w.,])(?P<amount_first>\d+(?:[.,]\d+)?)\s*(?:de\s+)?(?:reais|real|dolares|dolar|dollars?|euros?|brl|usd|eur)\b)"
    r"\s*(?:/|\bper\b|\bpor\b|\bcada\b|\ba\b|\bthe\b)\s*(?:1\s*|um\s+|one\s+)?(?:mtok|m|mi|milhao|million)\b"
    r"(?:\s*(?:de\s+)?(?:(?:output|input|generated|saida|entrada|gerados|de\s+saida|de\s+entrada)\s+)?"
    r"(?:tokens?|toks?)\b(?:\s+(?:de\s+saida|gerados|generated|de\s+entrada))?)?"
)
# What a price is per, with no amount ("custo por 1M output tokens", "cost per million generated tokens"):
# read before any volume or context could take "1M output tokens" as tokens to generate or to hold.
PER_MILLION_TOKENS = regexes.compile(
    r"(?:/|\bper\b|\bpor\b|\bcada\b)\s*(?:1\s*|um\s+|one\s+|a\s+)?(?:mtok\b|(?:m|mi|milhao|million)\b"
    r"\s*(?:de\s+)?(?:(?:output|input|generated|saida|entrada|gerados)\s+(?:tokens?|toks?)\b"
    r"|(?:tokens?|toks?)\s+(?:de\s+saida|de\s+entrada|gerados|generated)\b))"
)
# The longer words first: "R$ 1,2 milhão" had been read as "mil", R$ 1.200.
_MONEY_NUMBER = regexes.compile(
    r"(\d{1,3}(?:\s\d{3})+(?!\d)|\d+(?:[.,]\d+)*)\s*(milhoes|milhao|millions?|mil|mi|k|m(?=\s*€))?"
)
# The currency a budget is typed in (R$ before $: "r$" holds a dollar sign); none typed: the offering's.
_CURRENCIES = (
    ("BRL", regexes.compile(r"\br\$|\b(?:reais|real|brl)\b")),
    ("USD", regexes.compile(r"\$|\b(?:dolares|dolar|dollars?|usd)\b")),
    ("EUR", regexes.compile(r"€|\b(?:euros?|eur)\b")),
)


def _money_number(text: str) -> float:
    """ "15.000,00" (pt), "15,000.50" (en), "15.000", "2,5": the last separator is the decimal one when both
    are typed; a single one before exactly three digits groups thousands."""
    text = re.sub(r"\s", "", text)  # "500 000": Portugal's thousands
    if "." in text and "," in text:
        decimal = "," if text.rfind(",") > text.rfind(".") else "."
        return float(text.replace("." if decimal == "," else ",", "").replace(decimal, "."))
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", text):
        return float(re.sub(r"[.,]", "", text))
    return _float(text)


def _api_price(m: re.Match) -> tuple[float, str | None] | None:
    """An API's price per million tokens as (amount, currency as typed); None for no amount ("R$ 0")."""
    amount = _money_number(m.group("amount") or m.group("amount_first"))
    if amount <= 0:
        return None
    return amount, next((code for code, pattern in _CURRENCIES if pattern.search(m.group(0))), None)


# "orçamento de 200 milhões de tokens por mês": a budget of tokens, a volume read elsewhere, never money (it had
# been a budget of 200,00 and "milhões" not understood).
_TOKENS_AFTER = regexes.compile(
    r"\s*(?:(?:mil|k|m|mi|milhoes|milhao|millions?|bi|bilhoes|bilhao|billions?)\s+)?(?:de\s+|of\s+)?tokens?\b"
)


# An amount by the hour with a ceiling or a budget said before it ("até R$ 5/hora", "budget of $3 per hour", "no
# máximo R$ 10 a hora por gpu", "under $2/h"): a budget for each GPU-hour, set against each GPU's price by the
# hour (sizing/budget.py); "pagamos US$ 2 por hora na AWS", with no ceiling, stays a price paid elsewhere.
# Each GPU's hour only when the GPU is said beside the hour ("R$ 5/hora por gpu", "$3 per GPU-hour", "R$ 4 por
# GPU por hora"); an hour alone is the whole setup's ("até R$ 20/hora"), and the answer says it read it so.
_HOURLY_AFTER = regexes.compile(
    r"\s*(?:/\s*(?:h|hr|hora|hour)\b|(?:por|per|a|the|each|cada|an)\s+(?:h|hr|hora|hour)\b)"
    r"(?P<gpu>\s*(?:de\s+|of\s+)?(?:por\s+|per\s+|/\s*|each\s+|cada\s+)?(?:gpu|placa)\b)?"
    r"(?P<whole>\s*(?:no\s+total|in\s+total|total|(?:pela|para\s+a|for\s+the)\s+(?:configuracao|setup)"
    r"(?:\s+(?:inteira|toda|whole|all))?|for\s+(?:the\s+)?(?:whole|entire)\s+setup)\b)?"
    r"|\s*(?:/|por|per|each|cada|a)\s*(?P<gpu_first>gpu|placa)\s*(?:[-/]\s*|por\s+|per\s+|a\s+|an\s+)?(?:h|hr|hora|hour)\b"
)
# ... or with the ceiling said after it ("R$ 50/hora no máximo", "$2 per GPU-hour at most", "US$ 3/h, max").
_HOURLY_CEILING_AFTER = regexes.compile(
    r"[\s,]*(?:no\s+maximo|maximo|at\s+(?:the\s+)?most|max(?:imum)?|tops|de\s+teto|como\s+teto|or\s+less|ou\s+menos)\b"
)
_HOURLY_CEILING_BEFORE = regexes.compile(
    r"(?:\b(?:ate|maximo|max|maximum|teto|limite|limit|budget|orcamento|verba|under|below|within|most|up\s+to|"
    r"menos\s+de|pagar|pay|spend|gastar)\b[\w\s,:=]{0,24})$"
)


_CEILING_LEAD = regexes.compile(r"(?:within|under|below|up\s+to|dentro\s+de)\s+")


def _lead_end(m: re.Match) -> int:
    """Where a ceiling's word MONEY took before the amount ("under $2/h") ends, in the match (0: none)."""
    lead = _CEILING_LEAD.match(m.group(0))
    return lead.end() if lead else 0


def _amount_a_month(scan: _Scan) -> None:
    """ "temos 10 mil por mês": a budget a month where the question speaks of money elsewhere, else a question
    back (AMOUNT_A_MONTH); never a context."""
    for m in list(AMOUNT_A_MONTH.finditer(scan.work)):
        if traffic_query.items_named_before(scan.work, m.start()):
            continue  # "resumir processos ..., uns 2 mil por mês": the items' volume, the traffic reader's
        typed = scan.original[m.start() : m.end()].strip()
        rest = scan.work[: m.start()] + scan.work[m.end() :]
        if _MONEY_CUES.search(rest) and "budget" not in scan.found:
            amount = _money_number(m.group("n")) * 1000
            scan.found["budget"] = [((amount, None, True), typed)]
        else:
            scan.found.setdefault("amount_a_month", []).append((scan.original[m.start() : m.end("k")], typed))
        scan.blank(*m.span())


def _budget(m: re.Match, work: str) -> tuple[tuple[float, str | None, bool | str | None], int] | None:
    """A money amount as a budget: (amount, currency as typed or None, monthly: True / total: False / None
    when not said, or "yearly", or "hourly": each GPU-hour's) and where its words end; None for a price ("US$ 2
    por hora")."""
    if hourly := _HOURLY_AFTER.match(work, m.end()):
        # the budget word in the match itself ("budget of R$ 37 per hour") is a ceiling said
        if (
            not m.group("amount")
            and not _HOURLY_CEILING_BEFORE.search(work, max(0, m.start() - 40), m.start() + _lead_end(m))
            and not _HOURLY_CEILING_AFTER.match(work, hourly.end())
        ):
            return None
    elif _PRICE_AFTER.match(work, m.end()):
        return None
    text = work[m.start() : m.end()]
    number = _MONEY_NUMBER.search(text[m.start("amount") - m.start() :] if m.group("amount") else text)
    if number is None:
        return None
    multiplier = {
        "mil": 1e3,
        "k": 1e3,
        "mi": 1e6,
        "milhoes": 1e6,
        "milhao": 1e6,
        "million": 1e6,
        "millions": 1e6,
        "m": 1e6,
    }.get(number.group(2) or "", 1)
    amount = _money_number(number.group(1)) * multiplier
    if amount <= 0:
        return None
    currency = next((code for code, pattern in _CURRENCIES if pattern.search(text)), None)
    end, monthly = m.end(), None
    if hourly:
        each_gpu = bool(hourly.group("gpu") or hourly.group("gpu_first"))
        said = "gpu_hour" if each_gpu else "setup_hour" if hourly.group("whole") else "hourly"
        ceiling = _HOURLY_CEILING_AFTER.match(work, hourly.end())
        return (amount, currency, said), (ceiling or hourly).end()
    if (after := _BUDGET_YEARLY_AFTER.match(work, end)) or _BUDGET_YEARLY_WORD.search(text):
        # A year's budget: its month is a twelfth (the amount kept as typed, for the answer to say so).
        return (amount, currency, "yearly"), after.end() if after else end  # type: ignore[return-value]
    if after := _BUDGET_MONTHLY_AFTER.match(work, end):
        end, monthly = after.end(), True
    elif after := _BUDGET_TOTAL_AFTER.match(work, end):
        end, monthly = after.end(), False
    elif _BUDGET_MONTHLY_WORD.search(text) or re.search(r"\b(?:mensal|monthly)\s+$", work[: m.start()]):
        monthly = True
    elif _BUDGET_TOTAL_WORD.search(text):
        monthly = False
    return (amount, currency, monthly), end


# A count of words or characters with no prompt or answer before it ("500 palavras") is no count of tokens, a
# context nor users: said as not understood, whole. After its noun ("prompts de 2000 palavras") it is a length,
# read first (traffic_query.WORD_LENGTHS).
WORD_COUNT = regexes.compile(
    r"(?<![\w.,])\d+(?:[.,]\d+)*\s*(?:mil|k)?\s*(?:palavras?|words?|caracteres|characters|chars)\b"
)
# The units WORD_LENGTHS reads, found quickly: only then is that pattern tried.
_LENGTH_UNIT = regexes.compile(r"palavra|word|caracter|character|chars|linha|line|paragra")
# A vision-language model named ("qwen2.5-vl", "internvl", "llama 3.2 vision", "llava", "pixtral", "minicpm-v").
# Not NVIDIA's NVL boards ("2 H100 NVL", "h100nvl"): a GPU, no vision model (it had earned the vision note).
VISION_NAMED = regexes.compile(
    r"(?<![a-z0-9])(?!(?:[a-z]{1,3}\d{2,4}[\s-]?)?nvl(?![a-z0-9]))"
    r"(?:[a-z0-9.]*[-_.]?vl|vlm|vision|visao|llava[a-z0-9._-]*|pixtral[a-z0-9._-]*|minicpm-v[a-z0-9._-]*)"
    r"(?![a-z0-9])"
)
# A vision word alone, no model's name ("vl", "vision", "visão").
VISION_WORD = regexes.compile(r"vl|vlm|vision|visao")
# The same marks inside a normalized name ("internvl3", "qwen3vl8b"), never vLLM's.
_VISION_MARK = regexes.compile(r"vl(?!lm)|vision|llava|pixtral")
_MONTH = VOCAB.pattern("dates.months")
# Months as they are cut short, in Portuguese and English (before a year only: "mar", "set" are words too).
_MONTH_SHORT = r"(?:jan|fev|feb|mar|abr|apr|mai|may|jun|jul|ago|aug|set|sep|sept|out|oct|nov|dez|dec)"
DATES = regexes.compile(
    r"(?<![\w.,/:-])(?:"
    r"\d{4}-\d{1,2}-\d{1,2}(?:[t\s]\d{1,2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})|\d{1,2}\.\d{1,2}\.\d{4}|\d{1,2}/\d{2}(?!\s*(?:k\b|mil\b|\d))"
    rf"|\d{{1,2}}(?:o|º|st|nd|rd|th)?\s+(?:de\s+|of\s+)?{_MONTH}\b(?:,?\s+(?:de\s+)?\d{{4}})?"
    rf"|{_MONTH}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?|(?:de\s+|of\s+)?\d{{4}})"
    # a month and a year alone, as a release is dated ("llama 3.3 70b (dez/2024)", "12/2024", "Dec 2024"): they had
    # been a context of 2,024 tokens and the month not understood
    rf"|(?:{_MONTH_SHORT}\.?(?:/|\s+(?:de\s+|of\s+)?)|(?:0?[1-9]|1[0-2])/)(?:19|20)\d\d"
    r")(?![\w/:])",
    re.IGNORECASE,
)


# A year after a word that dates it ("a empresa é de 2019", "em 2024 gastamos", "since 2021"), a quarter or a
# half ("no Q3 de 2025", "lançar no Q4", "no 2º semestre de 2026"): read as dates (the `when` group), they had been
# a context of 2,019 tokens and a Q3_K_M or INT4 file.
_YEAR_NOT_BEFORE = (
    rf"{_COUNT_NOUNS}|{_W('counts.things')}|requisicoes|requisicao|requests?|reqs?|pedidos|chamadas|calls|"
    r"mensagens|messages|perguntas|questions|consultas|queries|tokens?|exemplos|examples|amostras|samples"
)
YEAR_OR_QUARTER = regexes.compile(
    r"\b(?:em|desde|no|ate|in|since|until|by|ano|year)\s+(?:(?:the|o)\s+(?=[a-z1-4]))?"
    rf"(?P<when>(?:199\d|20[0-3]\d)(?!\s*(?:tokens?|toks?|k\b|mil\b|[.,]\d))(?!\s+(?:de\s+|of\s+)?(?:[a-z]+\s+)?(?:{_YEAR_NOT_BEFORE})\b)"
    r"|q[1-4]\s+(?:de|of)\s+(?:19|20)\d\d"
    r"|(?:[1-4](?:o|º)|primeiro|segundo|terceiro|quarto|first|second|third|fourth)\s+(?:semestre|trimestre|quarter|half)"
    r"(?:\s+(?:de|of)\s+(?:19|20)\d\d)?)(?![\w/:])"
    # "lançar no Q4", "by Q3", "até o Q3": a quarter alone only after "no"/"até"/"by" ("em q4" is a 4-bit file),
    # after a count and "in" ("20 users now, 200 in Q3": it had been a Q3_K_M file and prompts of 200 tokens) or
    # where a sentence starts ("In Q3 we expect 200 users"); with its year ("in Q3 2027", "em Q3/2027") after
    # "in"/"em" wherever it is (it had been a Q3_K_M file and a 2,027-token context)
    r"|\b(?:(?:no|na|ate|until|by|(?<=\d\s)in|(?:^|(?<=[.,;!?]\s)|(?<=[.,;!?]))in)\s+(?:(?:the|o)\s+)?"
    r"(?P<quarter>q[1-4](?:\s+(?:de\s+|of\s+)?(?:19|20)\d\d)?)"
    r"|\b(?:in|em)\s+(?:(?:the|o)\s+)?(?P<quarter_year>q[1-4]\s+(?:de\s+|of\s+)?(?:19|20)\d\d))(?![\w_])"
    # "launching Q1 2027": a quarter with its year is a date wherever it stands; "a partir do Q2", "starting Q3",
    # "from Q3 onwards", "go-live in Q2": the words that start a service then (they had been a GGUF Q2_K or Q3_K_M
    # file); "in" right after a model stays its file ("llama 8b in q4"), read in the loop below, and "em q4" always
    # is one
    r"|(?<![\w.-])(?P<quarter_dated>q[1-4]\s*(?:de\s+|of\s+)?(?:19|20)\d\d)(?![\w_])"
    r"|\b(?:a\s+partir\s+d[oe]|desde\s+o|starting(?:\s+in)?|beginning(?:\s+in)?|from(?=\s+q[1-4]\s+onwards?)|apos\s+o|depois\s+do|"
    r"(?P<in_word>in))\s+(?:(?:the|o)\s+)?(?P<quarter_from>q[1-4])(?![\w_])(?:\s+onwards?)?"
    # Brazil's "no 2T", "até o 3T26": the quarter as a company's results name it (it had been a 2-trillion model)
    r"|\b(?:no|ate\s+o|ate|by|in|em)\s+(?P<quarter_t>[1-4]t(?:\s*(?:de\s+)?(?:20)?\d\d)?)\b"
    # "a empresa é de 2019.", "planos para 2026,": after "de"/"para" only where the sentence ends ("para 2000
    # trabalhadores" is a count)
    r"|\b(?P<end_word>de|do|para|pra|from|of|for)\s+(?P<year_end>199\d|20[0-3]\d)(?=\s*(?:[,.;!?)]|$))"
)
# "llama 8b no q4", "o 8b na q5": a quarter alone after "no"/"na" right after a model is the model's file, as "em q4"
# is (it had been a date, and the precision dropped without a word); with a launch said ("lançar o llama 8b no Q4")
# it stays a date
_FILE_AFTER_MODEL = regexes.compile(r"(?:no|na)\s+q[1-8]$")
_LAUNCHING = regexes.compile(r"\b(?:lanc\w*|launch\w*|go[\s-]live|estrei\w*|producao|no\s+ar|entreg\w*)\b")
QUARTER_SLASH_YEAR = regexes.compile(r"\b([qQ][1-4])/((?:19|20)\d\d)\b")
# "qwen32b/awq/20 users", "70B/FP8/32k/20u": a model's size, then its settings, each after a slash (a form
# field's shorthand). Never a path (it had been read as one, its last piece alone kept, and the model lost)
# nor a repo ("Qwen/Qwen2.5-72B": its owner ends in no size); "8b/70b", a size after the slash, is a choice.
SLASHED_SETTINGS = regexes.compile(
    r"(?<![\w./~-])([\w.-]*?\d+(?:[.,]\d+)?[bB])((?:/(?!\d+(?:[.,]\d+)?[bB]\b)[\w.-]+){1,5})(?![\w/])"
)
# "llama 8b/70b", "qwen 7b/14b/32b": sizes weighed, as "8b vs 70b" ("8b" had been dropped without a word, the last
# size sized, or named "70b (dimensionado como ...)").
SLASHED_SIZES = regexes.compile(
    r"(?<![\w./~-])(?:[a-z][\w.-]*?)?\d+(?:\.\d+)?b(?:/\d+(?:\.\d+)?b){1,3}(?![\w/])", re.IGNORECASE
)
# "qwen 7b ou 14b ou 32b", "llama 8b, 70b or 405b": the same sizes weighed in words (a choice said at least once)
LISTED_SIZES = regexes.compile(
    r"(?<![\w./~-])(?:[a-z][\w.-]*?)?\d+(?:\.\d+)?b(?:(?:\s*,\s*|\s+(?:ou|or|vs\.?|versus)\s+)\d+(?:\.\d+)?b){2,3}"
    r"(?![\w/])",
    re.IGNORECASE,
)
_SIZES_APART = regexes.compile(r"\s*(?:/|,|\s(?:ou|or|vs\.?|versus)\s)\s*", re.IGNORECASE)
_SIZES_CHOICE_WORD = regexes.compile(r"\s(?:ou|or|vs\.?|versus)\s", re.IGNORECASE)
_WORD_BEFORE_SIZES = regexes.compile(r"([a-z][\w.-]*)\s+$", re.IGNORECASE)
_SIZE_OF = regexes.compile(r"\d+(?:\.\d+)?b$", re.IGNORECASE)


def _two_sizes_at_a_time(text: str, m: re.Match) -> None:
    """ "qwen 7b/14b/32b": an answer weighs two models; three sizes or more are refused, with the pairs to ask
    (it had been "O pedido se contradiz: “14b” e “32b”", no word of which to ask)."""
    parts = _SIZES_APART.split(m.group(0))
    if len(parts) < 3:
        return
    glued = _SIZE_OF.search(parts[0])
    name = parts[0][: glued.start()].strip(" -_") if glued else ""
    start = m.start()
    if not name and (before := _WORD_BEFORE_SIZES.search(text, 0, m.start())):
        name, start = before.group(1), before.start(1)
    sizes = [parts[0][glued.start() :] if glued else parts[0], *parts[1:]]
    a, b, c = (f"{name} {size}".strip() for size in sizes[:3])
    # Each pair asked with the rest of the question around it: the load said ("para 10 usuários", "32k", "fp8")
    # goes with both pairs (the commands had dropped it, each pair then sized for one user).
    head, tail = (" ".join(part.split()).replace("`", "ˋ") for part in (text[:start], text[m.end() :]))
    if (head or tail) and len(head) + len(tail) <= 200:
        raise QueryError("query.sizes_two_at_a_time_load", hint=None, typed=m.group(0), count=len(sizes), a=a,
                         b=b, c=c, head=f"{head} " if head else "", tail=f" {tail}" if tail else "")  # fmt: skip
    raise QueryError(
        "query.sizes_two_at_a_time", hint=None, typed=m.group(0), count=len(sizes), a=a, b=b, c=c
    )


_NOT_SETTINGS = regexes.compile(r"\.(?:gguf|json|ya?ml|safetensors|bin)\b", re.IGNORECASE)
# "e em 4bit/32k?", "fp8/32k/20 users": settings of different kinds after slashes, no size before them; precisions
# alone ("fp8/bf16") are weighed, two lengths ("8k/16k") read as before (a prompt and its answer).
_SETTING_KINDS = (
    ("precision", r"\d{1,2}-?bits?|fp\d{1,2}|bf16|int[48]|awq|gptq|nf4|q[2-8](?:_k(?:_[msl])?|_0|km)?"),
    ("context", r"\d{1,4}(?:[.,]\d)?k(?:ctx)?"),
    ("users", r"\d{1,5}\s?(?:u|users?|usu[aá]rios?|utilizadores?|pessoas|people)"),
)
_ANY_SETTING = "|".join(pattern for _, pattern in _SETTING_KINDS)
SLASHED_KINDS = regexes.compile(
    rf"(?<![\w./~-])((?:{_ANY_SETTING})(?:/(?:{_ANY_SETTING})){{1,3}})(?![\w/])", re.IGNORECASE
)
_KIND_OF = [(kind, regexes.compile(pattern, re.IGNORECASE)) for kind, pattern in _SETTING_KINDS]


def _slashed_kinds(m: re.Match) -> str:
    parts = m.group(1).split("/")
    kinds = [next((kind for kind, p in _KIND_OF if p.fullmatch(part)), None) for part in parts]
    if len(set(kinds)) == len(kinds):
        return " ".join(parts)
    if set(kinds) == {"precision"}:
        return " vs ".join(parts)  # "fp8/bf16": the precisions weighed (it had been refused as a repo's name)
    return m.group(0)


_YEAR_OR_QUARTER_CUE = regexes.compile(
    r"\b(?:199\d|20[0-3]\d|q[1-4]|[1-4]t(?:\d\d)?)\b|semestre|trimestre|quarter|half"
)
_FOR_WORDS = ("para", "pra", "for")


def _model_before(scan: _Scan, end: int, catalog: Catalog) -> bool:
    """Whether the words right before `end` are a model's name or size ("llama 8b", "deepseek v3", "qwen"),
    read before the names are: a number after them counts people or dates the release, as no other place does."""
    before = strip_accents(scan.original[max(0, end - 40) : end].lower()).rstrip(" ,")
    if _SIZE_END.search(before):
        return True
    words = before.split()[-3:]
    index, families = _indexes(catalog)["model"], FAMILIES | family_words(catalog)
    return bool(words) and (
        words[-1] in families or any(normalize(" ".join(words[i:])) in index for i in range(len(words)))
    )


_SIZE_END = regexes.compile(r"(?<![\w.])(?:\d+x)?\d+(?:[.,]\d+)?\s*b$")
# A length's words before a number make it no year: "contexto de 2048", "prompts de 2000".
_LENGTH_BEFORE = regexes.compile(
    r"\b(?:context\w*|janela|window|seq\w*|prompts?|respostas?|answers?|tokens?|chunks?)\W+\w*\W*$"
)


# Who is asking, said around the question: "sou o João Pereira, da Acme Ltda", "aqui é a Mariana da
# Construtora Horizonte", "I'm Peter from Globex", "Peter from Globex here", "Att, João". The names they
# give (capitalised words: a person's, then a company's) are no sizing words, and are not listed as not
# understood. The words that introduce and sign off are in the vocabulary files (words.introduce, sign_off).
_INTRODUCE = regexes.compile(rf"(?<![\w'])({_W('words.introduce')})\s+(?:(o|a|the)\s+)?", re.IGNORECASE)
_SIGN_OFF = regexes.compile(rf"(?<![\w'])(?:{_W('words.sign_off')})\s*[,.!:;-]?\s+", re.IGNORECASE)
# Where a pasted e-mail's signature starts: a line that is only a sign-off ("Atenciosamente,", "Best regards,"),
# perhaps with the name after it ("Abraços, Carlos"); the signature delimiter "-- " (RFC 3676, 4.3); a phone's
# "Sent from my iPhone". Quote marks before it (a quoted e-mail) count as none.
_SIGNATURE_START = regexes.compile(
    # "Att.," "Obrigado!!": a sign-off's punctuation, a mark or two
    rf"^[ \t>]*(?:(?P<sign_off>{_W('words.sign_off')})[ \t]*[,.!:;-]{{0,2}}(?P<name>[ \t]*[^\W\d_][^\n]*)?"
    rf"|--[ \t]*|(?P<sent_from>{_W('words.sent_from')})\b[^\n]*)[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A signature's lines: a name, a title, a company, an address, phones, a disclaimer; more is a message.
MAX_SIGNATURE_LINES = 10
# A person's name as a signature's first line: capitalised words, with the particles between them ("da", "van").
_SIGNATURE_NAME = regexes.compile(
    r"[ \t>]*[A-ZÀ-Þ][^\W\d_]*\.?(?:[ \t]+(?:[A-ZÀ-Þ][^\W\d_]*\.?|[a-z]{1,3})){0,4}[ \t]*"
)


# A forwarded or replied e-mail's header lines ("De: João <[email]>", "Sent: Monday, December 1, 2025 10:30 AM"),
# the line a reply quotes its original under ("On Mon, Dec 1, 2025 at 10:30 AM John <[email]> wrote:"), and the
# separators mail clients draw ("---------- Forwarded message ---------", "-----Original Message-----").
_MAIL_HEADER = regexes.compile(
    rf"^[ \t>*_]*(?:{_W('words.mail_headers')})[ \t*_]*:[^\n]*$", re.IGNORECASE | re.MULTILINE
)
_MAIL_WROTE = regexes.compile(
    rf"^[^\n]{{0,200}}\b(?:{_W('words.wrote')})[ \t]*:[ \t]*$", re.IGNORECASE | re.MULTILINE
)
_MAIL_SEPARATOR = regexes.compile(r"^[ \t>]*[-_]{3,}[^\n]{0,40}?[-_]{3,}[ \t]*$", re.MULTILINE)


# The same headers pasted onto one line ("De: Fulano Enviado: segunda-feira, 7 de dezembro de 2026 10:00 Assunto:
# GPU Olá, ..."): each label capitalised as a mail client writes it, the first opening the message.
_MAIL_LABEL = regexes.compile(rf"(?<![\w-])(?:{_W('words.mail_headers')})[ \t*_]*:", re.IGNORECASE)
_MAIL_SUBJECT = regexes.compile(rf"(?:{_W('words.mail_subject')})\W*$", re.IGNORECASE)
_MAIL_SENT = regexes.compile(rf"(?:{_W('words.mail_sent')})\W*$", re.IGNORECASE)
_MAIL_OPENS = regexes.compile(r"[\W_]*(?:(?:fwd?|enc|forwarded\s+message|mensagem\s+encaminhada)[\W_]*)*")
# Where a date's text ends ("10:00", "10:30 AM", "às 9h"), or its year where no time is given.
_MAIL_TIME = regexes.compile(r"\d{1,2}(?::\d\d(?::\d\d)?(?:\s*[ap]\.?m\.?)?|h\d\d\b|h\b)", re.IGNORECASE)
_MAIL_YEAR = regexes.compile(r"\b(?:19|20)\d\d\b")
# Who a header names: a few capitalised words, and the address (redacted) or a list of them after.
_MAIL_WHO = regexes.compile(
    r"\s*(?:[\"'“]?[A-ZÀ-Þ][^\W\d_]*\.?[\"'”]?(?:\s+(?:[A-ZÀ-Þ][^\W\d_]*\.?|[a-z]{1,3})(?=\s+[A-ZÀ-Þ<\[(]|\s*[<\[(]))*)?"
    r"(?:\s*[<\[(][^>\])]{0,80}[>\])])?(?:\s*[;,]\s*(?:[A-ZÀ-Þ][^\W\d_]*\s*)*(?:[<\[(][^>\])]{0,80}[>\])])?)*"
)
_MAIL_GAP = 240  # the most a header's text runs before the next label


def _one_line_mail_headers(text: str) -> str:
    """A forwarded e-mail pasted onto one line without its headers' words: who sent it, to whom, when (their
    names and the time had been listed as not understood). Only where two labels or more open the message, each
    capitalised, each near the one before; the subject's text stays (it may say what is asked), the label goes."""
    plain = strip_accents(text)
    labels = [m for m in _MAIL_LABEL.finditer(plain) if text[m.start()].isupper()]
    if len(labels) < 2 or not _MAIL_OPENS.fullmatch(plain, 0, labels[0].start()):
        return text
    run = [labels[0]]
    for m in labels[1:]:
        if m.start() - run[-1].end() > _MAIL_GAP:
            break
        run.append(m)
    if len(run) < 2:
        return text
    cuts = [(0, run[0].start())]  # a mail client's "Forwarded message" line before them
    for i, m in enumerate(run):
        label = plain[m.start() : m.end()]
        if _MAIL_SUBJECT.match(label):
            cuts.append(m.span())  # its text may be the question's: only the label goes
        elif i + 1 < len(run):
            cuts.append((m.start(), run[i + 1].start()))
        elif _MAIL_SENT.match(label):
            window = plain[m.end() : m.end() + 80]
            end = _MAIL_TIME.search(window) or _MAIL_YEAR.search(window)
            cuts.append((m.start(), m.end() + (end.end() if end else 0)))
        else:
            who = _MAIL_WHO.match(text, m.end())
            cuts.append((m.start(), who.end() if who else m.end()))
    for start, end in reversed(cuts):
        text = f"{text[:start]} {text[end:]}"
    return text


def _without_mail_headers(text: str) -> str:
    """A pasted e-mail without who sent it, to whom and when: a date there had been read as a context ("1 de
    dez. de 2025": 2.025 tokens), names and "Subject" as words not understood. Header lines go only as a block
    of two or more, one of them with an e-mail address ("Para: 20 usuários" alone stays a question), or right
    under a mail client's separator ("---------- Forwarded message ---------\nDe: Maria\nAssunto: GPUs", where
    the sender's address is often left out when pasted into Slack)."""
    if ":" in text and "\n" not in text:
        return _one_line_mail_headers(text)
    if "\n" not in text or (":" not in text and "---" not in text and "___" not in text):
        return text
    plain = strip_accents(text)
    separators = [m.span() for m in _MAIL_SEPARATOR.finditer(plain)]
    spans = separators + [m.span() for m in _MAIL_WROTE.finditer(plain)]
    under_separator = {end + 1 for _, end in separators}
    block: list[tuple[int, int]] = []
    for m in _MAIL_HEADER.finditer(plain):
        if block and plain[block[-1][1] : m.start()] != "\n":
            block = []  # not the next line: a new block
        block.append(m.span())
        if block[0][0] in under_separator or (
            len(block) >= 2 and any(redact.EMAIL in text[a:b] for a, b in block)
        ):
            spans += block
    for start, end in sorted(set(spans), reverse=True):
        text = text[:start] + text[end:]
    return text


def _without_signature(text: str) -> str:
    """A pasted e-mail without its signature: the lines from its sign-off on ("Atenciosamente,\nJoão Silva\n
    CTO | Acme\nAv. Paulista, 1000"), whose words are nobody's question (an address's number had been read as
    a context, a ZIP code as another). Only a signature's shape: after something else was said, at most
    MAX_SIGNATURE_LINES lines, none asking anything, and after a sign-off alone on its line, a name first
    ("obrigado!\nagora o qwen 32b" stays a question)."""
    if "\n" not in text:
        return text
    # The sign-offs are read without case or accents (positions stay aligned); names by their capitals.
    for m in _SIGNATURE_START.finditer(strip_accents(text)):
        before, after = text[: m.start()], text[m.end() :]
        if m.group("sent_from") and not before.strip(" \t>\n"):
            # "Enviado do meu iPhone" above the question (a reply pasted from its top): that line alone is left
            # out (it had been "Não entendi: “Enviado”, “iPhone”")
            return _without_signature(after)
        rest = [line for line in after.split("\n") if line.strip(" \t>")]
        if not before.strip(" \t>\n") or len(rest) > MAX_SIGNATURE_LINES or "?" in after:
            continue
        if not rest and not m.group("sent_from"):
            continue  # "valeu!" at the end: nothing after it to leave out (nor a name to find)
        if m.group("sign_off"):
            # "Abraços, Carlos Lima" or "Abraços," then "Carlos Lima": a name (not "obrigado pela ajuda").
            name = text[m.start("name") : m.end("name")].strip(" \t,") if m.group("name") else rest[0]
            if not _SIGNATURE_NAME.fullmatch(name):
                continue
        return before
    return text


_OF_COMPANY = regexes.compile(r"\s*,?\s*(?:da|do|de|na|no|from|at|with|of)\s+", re.IGNORECASE)
_HERE = regexes.compile(r"\s+(?:here|aqui)\b", re.IGNORECASE)
_NAME_HERE = regexes.compile(
    r"(?<![\w'])[^\W\d_]+(?:\s+[^\W\d_]+)?(?=\s+(?:from|at|da|do)\s+(?:[^\W\d_][\w&.-]*\s+){1,4}(?:here|aqui)\b)",
    re.IGNORECASE,
)
_NAME_RUN_WORD = regexes.compile(r"[^\W\d_][\w&'.-]*")


def _name_run(scan: _Scan, start: int, first_lower: bool = False, most: int = 4) -> int:
    """Where a run of up to `most` capitalised words from `start` ends ("João Pereira", "Acme Ltda"); the
    first may be lower case when an article announced a name ("sou a mariana"). `start` when none."""
    end, pos = start, start
    for count in range(most):
        m = _NAME_RUN_WORD.match(scan.original, pos)
        if m is None or scan.taken.intersection(range(m.start(), m.end())):
            break
        if not (m.group(0)[0].isupper() or (first_lower and count == 0)):
            break
        end = m.end()
        space = re.match(r"[ \t]+", scan.original[end:])
        if space is None:
            break
        pos = end + space.end()
    return end


# Where the company is, said in a sentence about who asks: "we're a legal-tech startup in Austin", "Hello from
# New York City!", "somos uma healthtech de Joinville". The capitalised words after the preposition are the
# place (no list of cities); only in a sentence with a self-describing word, so "rodar em Produção" stays.
_PLACE_BEFORE = regexes.compile(rf"(?<![\w'])(?:{_W('words.place_before')})\s+", re.IGNORECASE)
_SELF_DESCRIBED = regexes.compile(rf"(?<![\w'])(?:{_W('words.self_described')})(?![\w'])", re.IGNORECASE)
_SENTENCE = regexes.compile(r"[^.!?;\n]+")


def _places(scan: _Scan) -> None:
    if not scan.may_match(_SELF_DESCRIBED):  # nor then in any of its sentences: most questions
        return
    for sentence in _SENTENCE.finditer(scan.work):
        if not _SELF_DESCRIBED.search(sentence.group(0)):
            continue
        for m in _PLACE_BEFORE.finditer(scan.work, sentence.start(), sentence.end()):
            end = _name_run(scan, m.end())
            if end > m.end() and not scan.taken.intersection(range(m.end(), end)):
                scan.found.setdefault("place", []).append((None, scan.original[m.end() : end]))
                scan.blank(m.start(), end)  # "sediado em", "based in" with it


def _introductions(scan: _Scan) -> None:
    spans = []
    for m in scan.finditer(_INTRODUCE):
        if scan.taken.intersection(range(m.start(), m.end())):
            continue
        end = _name_run(scan, m.end(), first_lower=bool(m.group(2)))
        if (by := _OF_COMPANY.match(scan.work, end)) and (company := _name_run(scan, by.end())) > by.end():
            end = company
        if end > m.end():
            spans.append((m.start(), (h.end() if (h := _HERE.match(scan.work, end)) else end)))
    for m in scan.finditer(_NAME_HERE):  # "Peter from Globex here"
        if _name_run(scan, m.start()) >= m.end():
            by = _OF_COMPANY.match(scan.work, m.end())
            here = _HERE.search(scan.work, by.end()) if by else None
            if here and _name_run(scan, by.end()) >= here.start():
                spans.append((m.start(), here.end()))
    for m in scan.finditer(_SIGN_OFF):  # "Att, João Pereira"
        if (end := _name_run(scan, m.end(), most=3)) > m.end():
            spans.append((m.start(), end))
    for start, end in spans:
        if not scan.taken.intersection(range(start, end)):
            scan.found.setdefault("introduction", []).append((None, scan.original[start:end].strip()))
            scan.blank(start, end)


def _date(m: re.Match) -> str | None:
    """The date as typed, when its numbers can be one (day 1-31, month 1-12); else None ("10/20" stays)."""
    numbers = [int(n) for n in re.findall(r"\d+", m.group(0))]
    if "-" in m.group(0)[:5]:  # ISO: year, month, day
        month, day = numbers[1], numbers[2]
    elif re.fullmatch(r"\d{1,2}/\d{4}", m.group(0)):  # "12/2024": a month and its year
        day, month = 1, numbers[0]
    elif re.match(r"\d", m.group(0)):
        day, month = (
            numbers[0],
            (numbers[1] if len(numbers) > 1 and not re.search(r"[a-z]", m.group(0), re.I) else 1),
        )
    else:
        day, month = (numbers[0] if numbers[0] <= 31 else 1), 1
    if month > 12 and day <= 12 and m.group(0).count("/") == 2:
        day, month = month, day  # "12/15/2026": the US order, month first, where only it makes a date
    return m.group(0) if 1 <= day <= 31 and 1 <= month <= 12 else None


HF_LINK = regexes.compile(
    r"<?(?:https?://)?(?:www\.)?(?:huggingface\.co|hf\.co)/"
    r"(?:(?:datasets|spaces|collections|papers|blog|docs|organizations|learn|tasks)/[^\s|>]*(?:\|[^>]*)?>?"
    r"|([\w.-]+/[\w.-]+)(?:[/?#][^\s|>]*)?(?:\|[^>]*)?>?)"
)  # a dataset's, a Space's or a collection's page names no model: it is left out

# Ollama's library page names its tag: "ollama.com/library/llama3.1:70b" is "llama3.1:70b", what `ollama pull`
# takes (https://ollama.com/library); a user's model page ("ollama.com/ana/model") names no catalogue model
# and stays a word.
OLLAMA_LINK = regexes.compile(
    r"<?(?:https?://)?(?:www\.)?ollama\.com/library/([a-z0-9][\w.-]*(?::[\w.-]+)?)(?:[/?#][^\s|>]*)?(?:\|[^>]*)?>?"
)

# A web address the two above leave (a page cited, not a model's): "https://docs.vllm.ai/...", "<http://x.io/a>",
# "www.example.com/page".
# "mixtral 8x7", "mixtral 8x22": a mixture of experts' size after its family, the "b" left out (it had been 8 hours
# a day, or "Não entendi: 8x22" with the family's default sized).
MOE_SIZE_UNSAID = regexes.compile(
    r"(?<![\w.-])([a-z]+[\s-]+)(\d{1,2}\s?[x×]\s?\d{1,3})(?![\w.,×])", re.IGNORECASE
)
# A GPU as nvidia-smi and Kubernetes' node labels name it ("NVIDIA-H100-80GB-HBM3", "H100-SXM5-80GB"): its words
# joined by hyphens, read as the spaced name is ("NVIDIA-H100" had been a V100, "80GB" another GPU).
GPU_PRODUCT = regexes.compile(
    r"(?<![\w/.-])(?:nvidia-)?[a-z]{1,3}\d{2,4}[a-z]?(?:-(?:sxm\d?|pcie|nvl|\d{2,3}g(?:b)?|hbm\d?e?))+(?![\w-])",
    re.IGNORECASE,
)
# A support desk's reference and its number ("ticket #4521", "chamado nº 123", "JIRA GPU-123"), and a reply's or
# a forward's "Re:"/"Fwd:" opening a relayed question: where it came from, no words to read.
REFERENCE = regexes.compile(
    rf"(?<![\w#])(?:{_W('words.references')})\s*(?:n[º°o.]\s*|#|:)?\s*#?(?:[a-z]{{1,8}}-)?\d{{2,12}}\b(?![.,]\d)"
    r"|(?<![\w#])#\d{3,12}\b|^\W*(?:(?:re|fwd?|enc|tr)\s*:\s*)+",
    re.IGNORECASE,
)
OTHER_LINK = regexes.compile(r"<?(?:\b(?:https?|ftp)://|\bwww\.)[^\s|>]+(?:\|[^>]*)?>?", re.IGNORECASE)
_REFERENCE_CUE = _first_words("words.references")  # what REFERENCE's words need, beside "#" and ":"

# "Qwen/Qwen3-Next-80B-A3B-Instruct", "bartowski/...-GGUF:Q4_K_M": a Hugging Face repo is one name, dates and
# versions inside it ("Magistral-Small-2509", "v0.3") included. The name must look like a model's (a hyphen,
# dot or digit in it), so "h100/h200" or "rag/chat" stay words; a bare number is no owner ("1k/1k" is a
# benchmark's prompt and answer lengths). The hyphen or dot must be inside the name, before a letter or digit:
# the sentence's full stop after "300M tokens/month." is no part of it (that had been a model named
# "tokens/month", refused as a second model). Nor is a bare number a name: "4k tok in/1k out" is a prompt's and an
# answer's lengths (it had been a model named "in/1k", refused as a second model).
REPO = regexes.compile(
    r"(?<![\w.@/:-])(?!\d+(?:[.,]\d+)?k?\s*/)([a-z0-9][\w.-]{1,95}/(?!\d+(?:[.,]\d+)?k?(?![\w.-]))"
    r"(?=[\w.-]*(?:[-.][a-z0-9]|\d))[a-z0-9][\w.-]*[a-z0-9])(:[a-z0-9_]+)?(?![\w/])"
)


def _language_pattern(lang) -> re.Pattern:
    """'responda em inglês', 'in english', 'en': a request for the answer's language."""
    options = []
    if lang.names:
        options.append(
            rf"\b(?P<ask>{_W('language.ask')}\s+)?(?:(?:em|in)\s+)?(?P<name>{alternation(lang.names)})\b"
        )
    if lang.codes:
        options.append(rf"(?<![\w.-]){alternation(lang.codes)}(?![\w.-])")
    return regexes.compile("|".join(options))


# A language's name with these around it is the content's ("Portuguese text", "trained on Portuguese",
# "textos em português"), not a request for the answer's language; "responda em inglês" always is one.
_LANG_CONTENT = VOCAB.plain("language.content")
_LANG_CONTENT_BEFORE = VOCAB.plain("language.content_before")
_LANG_WORD_AFTER = regexes.compile(r"\s*([\w-]+)")
_LANG_WORD_BEFORE = regexes.compile(r"([\w-]+)\s*$")


def _asks_for_language(m: re.Match, text: str, written: str | None = None) -> bool:
    """Whether a match of LANG_REQUESTS asks for the answer's language; `text` is the question, accent-free
    and lower-case, with the match at the same place (the words beside it as typed, nothing blanked);
    `written`, the language the question is written in, when its words say."""
    groups = m.groupdict()
    if groups.get("ask"):
        return True  # "responda em inglês"
    if not groups.get("name"):
        # A code ("en") is a request, unless it is a word of the language the question is written in: Spanish
        # "en 4 bits" is "in 4 bits" (it had been answered in English).
        if written is not None and m.group(0) in VOCAB.languages[written].not_codes:
            return False
        # Spanish "en" before a language's name is "in" ("para 20 usuarios en español": the users' language, not
        # an English answer), and so is one inside a Portuguese sentence ("para 10 usuarios en 4 bits"); at its
        # end it asks ("... 20 usuários en").
        after = _LANG_WORD_AFTER.match(text, m.end())
        word_after = after.group(1).lower() if after else None
        if word_after and (word_after in _LANGUAGE_NAMES_PLAIN or word_after in _LANG_CONTENT):
            return False
        spanish_word = any(m.group(0).lower() in lang.not_codes for lang in VOCAB.languages.values())
        return not (word_after and written in ("pt-BR", "pt-PT") and spanish_word)
    after = _LANG_WORD_AFTER.match(text, m.end())
    if after and after.group(1) in _LANG_CONTENT:
        return False
    before = _LANG_WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
    return not (before and (before.group(1) in _LANG_CONTENT or before.group(1) in _LANG_CONTENT_BEFORE))


_LANGUAGE_NAMES_PLAIN = frozenset(
    strip_accents(name.lower()) for lang in VOCAB.languages.values() for name in lang.names
)


def asked_language(plain: str, written: str | None = None) -> str | None:
    """The language the accent-free text asks the answer in, if it does (`written`: the language it is
    written in, when its words say)."""
    for code, pattern in LANG_REQUESTS:
        if any(_asks_for_language(m, plain, written) for m in pattern.finditer(plain)):
            return code
    return None


# What is left of a language's name once the requests are read names the content ("Portuguese text",
# "textos em português"): read, with the words around it, and nothing to size.
_LANGUAGE_NAMES = [name for lang in VOCAB.languages.values() for name in lang.names]
LANG_CONTENT = regexes.compile(
    rf"(?:\b{_W('language.content')}\s+)?(?:\b{_W('language.content_before')}\s+)?(?:\b(?:em|in)\s+)?"
    rf"\b{alternation(_LANGUAGE_NAMES)}\b(?:\s+{_W('language.content')}\b)?"
)
# Varieties first, so that a variety's own name is read before its family's shorter one.
LANG_REQUESTS = [
    (code, _language_pattern(lang))
    for code, lang in sorted(VOCAB.languages.items(), key=lambda item: item[1].variant_of is None)
    if lang.names or lang.codes
]
# Only after "r1"/"deepseek": "distil llama 70b into llama 8b" is the British verb (it had been one model's
# name, refused as a contradiction).
_DISTIL = regexes.compile(r"(?:(?<=r1[\s_-])|(?<=deepseek[\s_-]))distil[\s_-](?=(?:qwen|llama)\b)")
# European Portuguese said by its grammar rather than a word of its own: "estou a pensar treinar", "estamos a
# avaliar" (Brazil says "estou pensando", "estamos avaliando"), and "mil milhões" (Brazil's "bilhões").
PT_PT_PHRASES = regexes.compile(
    r"\b(?:estou|estamos|esta|estao|estas|estar|estava|estavam|estavamos|ando|andamos|anda|andam|continuo"
    r"|continuamos)"
    r"\s+a\s+(?!par\b)[a-z]+(?:ar|er|ir)\b"  # not "estou a par" (aware), which Brazil says too
    # "3 turnos de 20 operadores a utilizar o llama": people doing something (Brazil: "operadores usando")
    r"|\b(?:operadores|agentes|atendentes|pessoas|colaboradores|funcionarios|trabalhadores|tecnicos|alunos"
    r"|programadores|analistas|clientes)\s+a\s+(?:usar|utilizar|trabalhar|conversar|falar|perguntar|escrever)\b"
    r"|\bmil\s+milhoes\b"
    # "pôr o Gemma 3 27B a funcionar", "a correr", and "em simultâneo" (Brazil: "rodando", "ao mesmo tempo")
    r"|\b(?:por|pomos|ponho|colocar)\s+(?:[\w.-]+\s+){1,5}a\s+(?:funcionar|correr|trabalhar)\b"
    r"|\bem\s+simultaneo\b"
)
# "quantos dias leva um lora...?", "how many days does it take?": the time asked, with no number; a training
# answer gives it when its data is known and asks for the data otherwise, a batch's answer its running time.
TIME_ASKED = regexes.compile(
    r"\b(?:quantos|quantas|how\s+many)\s+(?:dias|horas|semanas|meses|days|hours|weeks|months)\b(?!\s*(?:de|of)?\s*\d)"
)
SPEED_ASKED = regexes.compile(
    r"\b(?:tokens?|toks?)\s*(?:por|per|/|a)\s*(?:segundo|second|sec|s)\b"
    # "quanto tempo de resposta?", "what's the response time?": the latency asked, with no target (a number
    # after it is a target, read with the traffic)
    r"|\b(?:tempos?\s+de\s+resposta|response\s+times?)\b(?!\s*(?:de|of|em|in|ate|under|<|=|:)?\s*\d)"
    # "qual o ttft do qwen3 32b?", "time to first token of llama 8b": the first token asked (every answer
    # gives it); a number after it is a target, read with the traffic before this
    r"|\b(?:ttft|time\s+to\s+first\s+token|tempo\s+(?:ate|para)\s+o\s+primeiro\s+token)\b"
    r"(?!\s*(?:de|of|em|in|ate|under|<|=|:)?\s*\d)"
)
# "quantas requisições por segundo uma H100 aguenta?": the most requests a setup serves, with no number (a
# rate given is traffic, read before): the named GPU's answer then says it.
# "how many concurrent requests?", "quantas requisições simultâneas aguenta?": the conversations at once a setup
# holds, asked with no number: every answer gives that capacity (its words had been listed as not understood).
CONCURRENCY_ASKED = regexes.compile(
    r"\b(?:quantas|quantos|how\s+many)\s+(?:(?:concurrent|simultaneous|parallel)\s+)?"
    r"(?:requisicoes|requests?|pedidos|chamadas|conversas|conversations|sessoes|sessions)"
    r"(?:\s+(?:simultaneas|simultaneos|em\s+simultaneo|ao\s+mesmo\s+tempo|em\s+paralelo|at\s+once|concurrently"
    r"|in\s+parallel|at\s+the\s+same\s+time))?\b(?!\s*(?:por|per|/|a)\s*(?:segundo|second|sec|s|minuto|minute|min)\b)"
)
RATE_ASKED = regexes.compile(
    r"\b(?:requisicoes|requisicao|requests?|reqs?|pedidos|chamadas|calls)\s*(?:por|per|/|a)\s*"
    r"(?:segundo|second|sec|s|minuto|minute|min)\b"
    # "throughput máximo do gpt-oss-20b numa h100", "max throughput": the saturated output a GPU named gives
    r"|\b(?:throughput|vazao)\s+(?:maxim[oa]|max|maximum|peak|de\s+pico|saturad[oa])\b"
    r"|\b(?:max(?:imum)?|maxim[oa]|peak)\s+(?:throughput|vazao)\b"
)
# "mistral small 3.1 com visão", "with vision": the model asked to read images (its name's "vision" is read
# with the name, before).
WITH_VISION = regexes.compile(r"\b(?:com|with|usando|using)\s+(?:a\s+|the\s+)?(?:visao|vision)\b")
# "qual modelo vocês recomendam?", "which model would you suggest?": asking which model to use.
WHICH_MODEL = regexes.compile(rf"\b(?:{_W('words.which_model')})\b")
# "um Llama 70B quantizado", "a quantized 70B": quantized weights, the format not said.
QUANTIZED = regexes.compile(
    r"\b(?:quantizad[oa]s?|quantized|quantised|quantizac(?:ao|oes)|quantization|quantisation)\b"
)
QAT = regexes.compile(r"\bqat\b")


def _quantized(plain: str) -> bool:
    """QUANTIZED.search(plain), run only where its words' common start is (nearly no question: ~1 us a run)."""
    return "quanti" in plain and QUANTIZED.search(plain) is not None


# Beside a closed model: an open one in its place is asked for ("um modelo aberto equivalente ao GPT-4o").
REPLACE_CLOSED = regexes.compile(rf"\b(?:{_W('words.replace_closed')})\b")
# "qual contrato pra fine-tuning?", "which contract for production?": the contract mode asked of a stage or an
# intent, with no model to size
CONTRACT_QUESTION = regexes.compile(rf"\b(?:{_W('words.contract_question')})\b")
# "e com o qwen3 32b?", "and with mistral small?": a thread's message that changes the last answer's model.
# An acknowledgement before it ("blz, e o qwen 14b?", "thanks, and what about mistral?") opens it the same.
_ACKNOWLEDGED = rf"(?:(?:{_W('words.acknowledge')})(?:\W+|$))*"
FOLLOW_UP_OPENER = regexes.compile(rf"^\W*{_ACKNOWLEDGED}(?:{_W('words.follow_up')})\b")
# A thread's message that opens with an acknowledgement: taken first, so that what it says after is read as a
# follow-up ("ok e com 40?", "beleza, e o dobro?" had been "Não entendi o pedido").
LEADING_ACK = regexes.compile(
    rf"^\W*(?:{_W('words.acknowledge')})(?:(?:\W+(?:{_W('words.acknowledge')}))*)(?=\W|$)"
)
# "aguenta o dobro?", "e suporta 100?", "can it handle double?": whether the thread's load fits at that number or
# scale; the verb (group 1) is taken so that the number or the scale is read alone (words.can_handle).
CAN_HANDLE_FIRST = regexes.compile(
    rf"^\W*(?:(?:e|and|mas|but|so)\s+)?({_W('words.can_handle')})\s+(?=(?:(?:o|a|the|it)\s+)?\S+\W*$)"
)

# "e com 4?", "e se eu tiver 2?", "and with 3?", "20?": a thread's message that is a number alone (what it
# counts is read from the thread: _bare_count). "e com 5 mil?": in thousands, people (no machine holds them as GPUs);
# "e com 32k?" stays a context.
BARE_COUNT = regexes.compile(
    rf"^\W*(?:(?:{_W('words.bare_count')})\s+)?(?:(?:{_W('words.bare_count_only')})\s+)?(\d{{1,6}})"
    rf"(?:\s*(?:(?P<thousand>mil|thousand)|(?P<million>milhao|milhoes|million|millions))\b)?(?!\s*%)"
    rf"[\s,]*(?:{_W('words.bare_count_after')})?\W*$"
)
# "roda?", "e aí, cabe?", "will it fit?" alone in a thread: whether the thread's setup holds its workload, which
# its answer again says, the verdict first.
FITS_ALONE = regexes.compile(
    rf"\W*(?:(?:{_W('words.fits_alone_before')})\W+)?(?:{_W('words.fits_alone')})\W*"
)
# "o llama 70b precisa de 140gb, confere?", "it needs ~140GB of VRAM, right?": a figure said as what the model
# needs (words.claim_verbs before it), to check; no GPU of that memory.
MEMORY_CLAIM = regexes.compile(
    rf"\b(?:{_W('words.claim_verbs')})\s+(?:de\s+|of\s+)?(?:(?:uns|umas|cerca\s+de|about|around|roughly|~)\s*)?"
    r"(\d{1,4}(?:[.,]\d{1,2})?)\s*(?:gb|gib|gigas?|gigs?|giga\s*bytes?|gigabytes?)\b"
    r"(?:\s+(?:de\s+|of\s+)?(?:vram|memoria|memory|ram\b))?"
)
# "e com a versão 3.3?", "e o 3.3?", "and version 3.3?": the thread's family at another release, the same size
# (_at_version: Llama 3.1 70B then Llama 3.3 70B). A number alone needs a decimal or the word "versão" ("e o 3?"
# stays a count).
_VERSION_WORDS = r"(?:versao|version|release|v)"
VERSION_ALONE = regexes.compile(
    r"^\W*(?:(?:e|and|what\s+about|how\s+about|e\s+se\s+for|e\s+se\s+usar|e\s+usando|if\s+we\s+use|com|with|no|na|"
    r"o|a|the|pra|para|using|usando|de|da|do|of)\s+)*"
    rf"(?:(?P<word>{_VERSION_WORDS})\s*(?P<n>\d{{1,2}}(?:\.\d{{1,2}})?)|(?P<dotted>\d{{1,2}}\.\d{{1,2}}))\W*$"
)
# "e pra batch?", "e se for em lote?", "and as a batch job?", "e offline?": the thread's load as a batch no one waits
# on answer by answer (_build: a day's volume in 24 hours).
AS_BATCH = regexes.compile(
    r"^\W*(?:(?:e|and|what\s+about|how\s+about|e\s+se\s+for|e\s+se\s+fosse|what\s+if\s+it'?s|what\s+if\s+we\s+run\s+it"
    r"|e\s+se\s+rodar|e\s+rodando|as|como|pra|para|em|for|in|a|an|um|uma|o|in\s+a|como\s+um)\s+)*"
    r"(?:batch|batches|lote|lotes|offline|processamento\s+em\s+lote|batch\s+processing|batch\s+job|batch\s+jobs)"
    r"(?:\s+(?:offline|noturno|job|jobs|processing|mode|mode|instead|entao))?\W*$"
)
# "segundo a documentação", "de acordo com o fornecedor", "according to the docs": where what is said comes from
# (words.according_to), nothing to size. Never after "por", "per", "/", "a cada" or a number: "10 requisições
# por segundo o dia todo" keeps its unit.
ACCORDING_TO = regexes.compile(
    rf"(?<!\bpor\s)(?<!\bper\s)(?<!/)(?<!\d\s)(?<!\d)(?<!\bum\s)(?<!\bcada\s)\b(?:{_W('words.according_to')})\b"
)
# "em segundo lugar", "secondly": a message's points counted out (words.points), nothing to size; read before
# "segundo" can be a second of a rate.
POINTS = regexes.compile(rf"\b(?:{_W('words.points')})\b")
GROW_TO = regexes.compile(
    r"\b(?:crescer|crescermos|crescendo|cresce|chegar|chegarmos|chegando|grow|grows|growing|reach|reaching|scale"
    r"|scaling|expandir|expand(?:ing)?)\s+(?=(?:pra|para|a|ate|to|up\s+to|em)\s+\d)"
)
_GROWTH_BEFORE = regexes.compile(
    r"(?:\d+(?:[.,]\d+)?\s*(?:x|%|times|vezes)|\b(?:double|triple|dobrar|triplicar|duplicar))(?:\s+[a-z]+){0,2}\s*$"
)
FUTURE_WHEN = regexes.compile(
    r"\b(?:(?:no|o)\s+)?ano\s+que\s+vem\b|\b(?:no\s+)?proximo\s+ano\b|\bnext\s+year\b|\bdaqui\s+a\s+(?:um|1)\s+ano\b"
    r"|\bwithin\s+a\s+year\b|\bin\s+a\s+year(?:'s\s+time)?\b|\bno\s+futuro\b|\bin\s+the\s+future\b"
)
# "e numa única h100?", "e numa h100 só?", "on a single h100?": a card said as one.
_ONE_CARD = regexes.compile(r"\b(?:numa|uma|num|unica|unico|so|single|one|just\s+one|only\s+one)\b")
# "e numa só?", "e em uma única?", "and on just one?": a thread's message that puts the model on one (a GPU).
ON_ONE_ALONE = regexes.compile(
    r"^\W*(?:(?:e|and|mas|but|e\s+se\s+for|what\s+if\s+it'?s|what\s+about)\s+)*"
    r"((?:numa|num|em\s+uma|em\s+um|on|in)\s+(?:so|unica|unico|just\s+one|only\s+one|a\s+single|one)"
    r"(?:\s+(?:so|unica|unico))?)"
    r"(?:[\s,]*(?:cabe|roda|da|does\s+it\s+fit|would\s+it\s+fit|fits?))?\W*$"
)
# "e com 4, cabe?", "and with 4, does it fit?": the number is what the model is to fit or run on, GPUs (as "e se
# for em 3?" is); "e com 4 consegue?" says no more than the number alone.
_ON_AFTER = regexes.compile(
    r"\b(?:cabe|cabem|caberia|roda|rodaria|fits?|runs?|fit|run|delas|dessas|destas|of\s+(?:them|those|these))\W*$"
)

# "e com o dobro?", "e se dobrar?", "and double?": a thread's message that is a scale alone (_build reads it by
# what the thread counted: its people, or its context, or asks which).
_SCALE_WORDS = traffic_query.scale_words()
# ... or a multiple or a share more said alone: "e 3x?", "e com 10 vezes?", "e com 50% a mais?", "e com mais 30%?",
# "+50%?", "and 20% more?", "e com 30% a menos?" (a share with no "more" or "less", "e com 50%?", stays unread:
# it could be the people at once).
BARE_SCALE = regexes.compile(
    rf"^(?:(?!\+)\W)*(?:(?:{_W('words.bare_count')})\s+)?(?:(?:o|a|the|se|if|it|we|a\s+gente|nos)\s+){{0,2}}("
    rf"{alternation(list(_SCALE_WORDS))}"
    r"|(?P<times>\d{1,3}(?:[.,]\d+)?)\s*(?:x|vezes|times|fold)(?:\s+(?:mais|more))?"
    r"|(?:(?P<more>mais|more|\+)\s*)?(?P<share>\d{1,3}(?:[.,]\d+)?)\s*%"
    r"(?:\s*(?:(?P<after>a\s+mais|mais|more)|(?P<less>a\s+menos|menos|less|fewer)))?"
    # "double it?", "twice as many?", "what if it doubles?": the scale with the thread's load as its object
    r")(?:\s+(?:it|that|isso|as\s+many|as\s+much))?\W*$"
)


_LEADING_COUNT = regexes.compile(r"(\d+(?:[.,]\d+)*)\s*(k|mil|mi|milhoes|milhao|millions?|m)?\b")


def _corpus_count(m: re.Match) -> int | None:
    """The number a CORPUS match counts ("500 mil documentos": 500,000)."""
    count = _LEADING_COUNT.match(m.group(0))
    return traffic_query._count(count.group(1), count.group(2)) if count else None


# In a thread, a model named to be served with the thread's ("e se adicionar o mistral 7b?", "e incluindo o gemma
# 3 12b?", "and add mistral 7b?", "e o mistral 7b junto?"): one more model served together, the thread's kept.
ADD_MODEL = regexes.compile(
    r"\b(?:adicion\w*|acrescent\w*|inclu(?:ir|indo|o|a|imos|isse|ssemos|sse)|coloca\w*\s+junto|junto|juntos|juntas"
    r"|add|adding|include|including|alongside|along\s+with|together)\b"
)
# In a thread about one model, another named to be weighed against it ("compare com o qwen2.5 14b", "e comparado ao
# qwen 14b?", "vs qwen 14b?", "how does it compare to mistral small?"): the two side by side, the thread's load
# kept (it had been a new question about the other model alone, the load lost).
COMPARE_MODEL = regexes.compile(
    r"\b(?:compar\w*|vs\.?|versus|contra|against|em\s+relacao\s+ao?|frente\s+ao?|relative\s+to)(?!\w)"
)
COMPARE_OPENER = regexes.compile(
    r"^\W*(?:(?:e|and|mas|but|ok|so)\W+)?(?:(?:como|how)\s+(?:fica\w*|seria|does\s+it|would\s+it|is\s+it)\s+)?"
    r"(?:compar\w*|vs\.?|versus|contra|against|em\s+relacao\s+ao?|frente\s+ao?|relative\s+to)(?!\w)"
)


def compares_with_thread(text: str) -> bool:
    """Whether a thread's message opens by weighing another model against the thread's ("compare com o qwen 14b",
    "vs mistral small?")."""
    return bool(COMPARE_OPENER.match(strip_accents(text.lower())))


# ... and, in a thread already serving several together, "também", "too", "as well", "also" say so as well
# ("e com o mistral 7b também?"); in a thread about one model they ask about that one instead.
ALSO_MODEL = regexes.compile(r"\b(?:tambem|too|as\s+well|also|mais\s+(?:o|a|um|uma))\b")
# A thread's message that opens by adding or taking out a model ("adiciona o mistral 7b", "tira o qwen"): a
# follow-up, though it names a model and no "e com" opens it (bot/pipeline.py is_new_question).
MODEL_SET_OPENER = regexes.compile(
    r"^\W*(?:(?:e|and|agora|now)\s+)?(?:se\s+)?(?:adicion\w*|acrescent\w*|inclu\w*|add|include|tira\w*|remov\w*"
    r"|retir\w*|sem|without|drop)\b"
)


# "trocar o llama 3.1 70b pelo qwen3 32b", "substituir o llama pelo qwen3 32b", "swap llama 70b for qwen3 32b",
# "switch from llama 3.1 70b to qwen3 32b": one model in place of another, not a choice of the two (it had been
# "Qwen3 32B ou Llama 3.1 70B"). Read whole: the new model (with what is said beside it) is the question.
SWITCH_MODEL = regexes.compile(
    r"^\W*(?:(?:e|and|agora|now|e\s+se|what\s+if|vamos|let'?s|quero|queremos|we\s+want\s+to|i\s+want\s+to|could\s+we"
    r"|can\s+we|we\s+could|podemos|posso|da\s+pra|e\s+se\s+a\s+gente|se\s+a\s+gente|e\s+se\s+eu|we|i)\s+)*"
    r"(?:trocar|troca|troque|trocarmos|trocasse|trocassemos|substituir|substitui|substitua|substituirmos|mudar|muda"
    r"|swap|swapping|replace|replacing|switch|switching)\s+(?:(?:de|from|out)\s+)?(?:(?:o|a|the)\s+)?"
    r"(?P<old>[a-z0-9][a-z0-9.\- ]{0,40}?)\s+(?:pelo|pela|por|with|for|to|para|pro|pra|por\s+um|por\s+uma)\s+"
    r"(?:(?:o|a|um|uma|the)\s+)?(?P<new>[a-z0-9].*?)\s*[?!.]*\s*$"
)


# "switch to qwen3 32b", "troca pro qwen3 32b", "mudar para o qwen3 32b": in a thread, the thread's model replaced by
# the one named next (they had been new questions, the thread's people gone, "troca" not understood).
SWITCH_TO = regexes.compile(
    r"^\W*(?:(?:e|and|agora|now|e\s+se|what\s+if|vamos|let'?s|podemos|can\s+we|could\s+we|we|i|e\s+se\s+a\s+gente)\s+)*"
    r"(?:trocar|troca|troque|trocando|mudar|muda|mude|mudando|switch|switching|swap|swapping|change|changing|move"
    r"|migrar|migra|migrando)\s+(?:(?:it|isso|o\s+modelo|the\s+model|de\s+modelo|models?)\s+)?"
    r"(?:pelo|pela|por|pro|pra|para(?:\s+o|\s+a)?|to|with|for)\s+(?:(?:o|a|um|uma|the)\s+)?"
)
# "e se usar o qwen3 32b no lugar?", "qwen3 32b instead?": said after the model that replaces the thread's.
INSTEAD_AFTER = regexes.compile(
    r"\s+(?:no\s+lugar(?:\s+dele|\s+dela|\s+disso)?|instead|em\s+vez\s+disso|ao\s+inves(?:\s+disso)?)\s*([?!.]*)\s*$"
)


def changes_thread_models(text: str) -> bool:
    """Whether a thread's message opens by adding a model to the thread's, taking one out, or putting one in
    another's place."""
    plain = strip_accents(text.lower())
    return bool(MODEL_SET_OPENER.match(plain) or SWITCH_MODEL.match(plain) or SWITCH_TO.match(plain))


def _switched(text: str, catalog: Catalog, base: Workload | None) -> tuple[str, str] | None:
    """A message that puts one model (or GPU) in another's place: (what to read, the switch said: "Llama 3.1 70B →
    Qwen3 32B"); None unless both sides name one. In a thread, the old one may be the thread's by its family
    alone ("trocar o llama pelo qwen3 32b")."""
    plain = strip_accents(text.lower())
    if len(plain) != len(text):
        text = plain  # offsets below are the plain text's
    m = SWITCH_MODEL.match(plain)
    if m is None and base is not None and (to := SWITCH_TO.match(plain)):
        return _in_place_of(
            text[to.end() :], base, catalog
        )  # "switch to qwen3 32b": the thread's model is the old one
    if m is None and base is not None and base.model and INSTEAD_AFTER.search(plain):
        # "e se usarmos o qwen3 14b no lugar?", "what about qwen3 14b instead?": the model named, in the thread's
        return _in_place_of(text, base, catalog)
    if m is None:
        return None
    new_text = text[m.start("new") : m.end("new")]
    gpus = [_gpu_named(m.group(side), catalog) for side in ("old", "new")]
    if all(gpus) and gpus[0].id != gpus[1].id:
        return new_text, f"{gpus[0].name} → {gpus[1].name}"  # "trocar a h100 pela h200"
    if base is None:
        # A first question moving from one model to another ("queremos trocar o llama 3.1 70b pelo qwen3 32b") is
        # a migration: the model moved to in full, weighed against the one in use (MIGRATION, below).
        return None
    try:
        new = _parse_text(m.group("new"), catalog).workload
    except SizingError:
        return None
    try:
        old = _parse_text(m.group("old"), catalog).workload
    except SizingError:
        old = None
    if old is None and base is not None and base.model:
        typed = set(m.group("old").split())
        if typed & {w for w, ids in family_members(catalog).items() if base.model in ids}:
            old = base  # "trocar o llama pelo qwen3 32b" under Llama 3.1 70B
    if old is None or new is None or not old.model or not new.model or old.model == new.model:
        return None
    return INSTEAD_AFTER.sub(r"\1", new_text), " → ".join(_model_name(w.model, catalog) for w in (old, new))


def _in_place_of(text: str, base: Workload, catalog: Catalog) -> tuple[str, str] | None:
    """The model `text` names put in the thread's model's place: (what to read, "Old → New"), or None when it
    names none, or the same one."""
    rest = INSTEAD_AFTER.sub(r"\1", text)
    try:
        new = _parse_text(rest, catalog).workload
    except SizingError:
        return None
    if new is None or not new.model or not base.model or new.model == base.model:
        return None
    return rest, " → ".join(_model_name(w, catalog) for w in (base.model, new.model))


def _gpu_named(text: str, catalog: Catalog):
    """The catalogue's GPU a switch's side names alone ("a h100"), else None."""
    try:
        return resolve_gpu(text.strip(), catalog)
    except (KeyError, SizingError):
        return None


def _model_name(model_id: str, catalog: Catalog) -> str:
    try:
        return catalog.model(model_id).name
    except (KeyError, SizingError):
        return model_id


# "e sem o llama?", "tira o qwen", "without mistral": one of the models served together taken out.
REMOVE_MODEL = regexes.compile(
    r"^\W*(?:(?:e|and|agora|now|e\s+se|what\s+if|what\s+about|how\s+about)\s+)*"
    r"(?:sem|tira(?:r|ndo)?|remov\w*|retir\w*|exclu\w*|without|drop(?:ping)?|remove|removing|minus)\s+"
    r"(?:(?:o|a|os|as|the)\s+)?(?P<ref>[a-z0-9][a-z0-9.\- ]{0,40}?)\s*[?!.]*\s*$"
)


# "e só o qwen?", "e o llama sozinho?", "just the qwen?": one of the thread's models (a choice, or served together),
# alone, with everything else the thread said.
ONLY_MODEL = regexes.compile(
    r"^\W*(?:(?:e|and|agora|now|what\s+about|how\s+about|e\s+se\s+for)\s+)*"
    r"(?:(?:so|somente|apenas|just|only)\s+(?:(?:o|a|the)\s+)?(?P<ref>[a-z0-9][a-z0-9.\- ]{0,40}?)"
    r"|(?:(?:o|a|the)\s+)?(?P<alone>[a-z0-9][a-z0-9.\- ]{0,40}?)\s+(?:sozinh[oa]|alone|only|isolad[oa]))"
    r"\s*[?!.]*\s*$"
)


def keeps_one_model(text: str) -> bool:
    """Whether a thread's message keeps one model of the thread's ("só o 70b", "o qwen sozinho")."""
    return bool(ONLY_MODEL.match(strip_accents(text.lower())))


def _only_model(text: str, base: Workload, catalog: Catalog) -> Workload | None:
    """The thread's choice of models (or models together) narrowed to the one a message keeps ("e só o qwen?"),
    or None when the message keeps none of them. The model kept has the precision said with it, if any."""
    m = ONLY_MODEL.match(strip_accents(text.lower()))
    choices = list(base.model_choices or [])
    if m is None or not choices:
        return None
    try:
        others = [_parse_text(c, catalog).workload for c in choices]
    except SizingError:
        return None
    ids = [base.model, *(w.model for w in others)]
    kept = _model_of(m.group("ref") or m.group("alone"), ids, text, bool(base.routed))
    if kept is None:
        return None
    alone = base.but(
        model_choices=None, together=None, routed=None, model_rates=None, model_rate_periods=None
    )
    if kept == 0:
        return alone
    return alone.but(model=ids[kept], precision=others[kept - 1].precision)


def _removed_model(text: str, base: Workload, catalog: Catalog) -> Workload | None:
    """The thread's models served together less the one a message takes out ("e sem o llama?"), or None when
    the message takes none out (one model left is served alone)."""
    m = REMOVE_MODEL.match(strip_accents(text.lower()))
    choices = list(base.model_choices or [])
    if m is None or not base.together or not choices:
        return None
    try:
        ids = [base.model, *(_parse_text(c, catalog).workload.model for c in choices)]
    except SizingError:
        return None
    gone = _model_of(m.group("ref"), ids, text, bool(base.routed))
    if gone is None:
        return None
    # The first of the rest answered in full, the others beside it; a rate given each model goes with it.
    left = [c for i, c in enumerate(choices, 1) if i != gone]
    model, left = (ids[1], left[1:]) if gone == 0 else (base.model, left)
    changes: dict = {"model": model, "model_choices": left or None, "together": True if left else None}
    for key in ("model_rates", "model_rate_periods"):
        if getattr(base, key):
            kept = [v for i, v in enumerate(getattr(base, key)) if i != gone]
            changes[key] = kept if left else None
    if not left:
        changes["routed"] = None
    return base.but(**changes)


def _bare_scale_factor(m: re.Match) -> float | None:
    """The factor of a BARE_SCALE match: a word's, a multiple's, or one plus (minus) the share; None for a share
    with neither "more" nor "less" beside it."""
    if m.group("times"):
        factor = float(m.group("times").replace(",", "."))
        return factor if factor > 0 else None
    if m.group("share"):
        share = float(m.group("share").replace(",", ".")) / 100
        if m.group("less"):
            return 1 - share if share < 1 else None
        return 1 + share if (m.group("more") or m.group("after")) else None
    return _SCALE_WORDS[m.group(1)]


# "1000 funcionários em 3 turnos", "across 3 shifts": the people work one shift at a time.
SHIFTS = regexes.compile(
    rf"\b(?:em|in|across|over|divididos\s+em|split\s+(?:into|across))\s+(\d{{1,2}})\s+(?:{traffic_query.shift_words()})\b"
    r"(?!\s+(?:com|with|de|of)\s+\d)"  # "em 3 turnos com 20 atendentes": 20 in each shift
    # "3 turnos de 8 horas", "3 shifts of 8 hours", "3 8-hour shifts": shifts said by their length, with the
    # people counted apart ("3 turnos de 8 horas, 50 atendentes"): the same split, said in the answer.
    rf"|(?<![\w.,])(\d{{1,2}})\s+(?:{traffic_query.shift_words()})\s+(?:de|of)\s+\d{{1,2}}\s*(?:h|hs|horas?|hours?|hrs?)\b"
    rf"|(?<![\w.,])(\d{{1,2}})\s+(?:x\s+)?\d{{1,2}}\s*-?\s*(?:h|hs|horas?|hours?|hrs?)\s+(?:{traffic_query.shift_words()})\b"
)
# "3 turnos de 20 atendentes", "3 shifts of 20 support agents": the people counted are one shift's, all at work
# at once (the number stays the traffic's; a length after it, "3 turnos de 8 horas", is no people).
SHIFTS_EACH = regexes.compile(
    rf"\b(?:(?:em|in|across)\s+)?(\d{{1,2}})\s+(?:{traffic_query.shift_words()})\s+(?:de|of|com|with)"
    r"(?=\s+(\d{1,6})\b(?!\s*(?:h|hs|horas?|hours?|hrs?)\b))"
)
# "25 analistas por turno", "150 operadores (50 por turno)", "20 agents per shift": the people at work in one shift,
# all at once; with the shifts counted ("3 turnos") or the people in all, the answer says the split as for SHIFTS.
PER_SHIFT = regexes.compile(
    r"(?<![\w.,])(?P<n>\d{1,6})(?:\s+(?P<noun>[a-z]+))?\s+(?P<per>(?:por|per|a|each|every|cada|em\s+cada)\s+"
    r"(?:turno|shift))\b"
)
# "3 turnos: 40, 40 e 20 atendentes", "turnos de 200, 150 e 100 enfermeiros", "3 shifts of 30, 20 and 10 agents":
# each shift's people in a list, one shift at work at a time (the largest is sized, the day's people said).
SHIFT_LIST = regexes.compile(
    rf"(?:(?<![\w.,])(?P<shifts>\d{{1,2}})\s+)?(?:{traffic_query.shift_words()})\s*(?::|-|de|of|com|with)?\s*"
    r"(?P<list>\d{1,6}(?:\s*,\s*\d{1,6})*,?\s+(?:e|and)\s+\d{1,6})(?=\s+[a-z])"
)
_SHIFTS_COUNTED = regexes.compile(rf"(?<![\w.,])(\d{{1,2}})\s+(?:{traffic_query.shift_words()})\b")
_ON_BEFORE = regexes.compile(r"\b(?:em|on|numa|num)\s*$")
# A call centre's seats ("200 PAs", "120 posições de atendimento", "80 estações de atendimento"): each one
# attendant's conversations at a time, whichever shift sits there, so users at once that shifts never divide
# (they had been not understood).
SEATS = regexes.compile(
    r"(?<![\w.,])(\d{1,5})\s+(?:pas|p\.a\.s|posicoes\s+de\s+atendimento|estacoes\s+de\s+atendimento"
    r"|pontos\s+de\s+atendimento|seats?\s+(?:no|in\s+the)\s+(?:call\s+center|contact\s+center))\b"
    # the shifts that sit there, said with them ("200 PAs, 3 turnos"): nothing more to size
    rf"(?:\s*,?\s*(?:e\s+|and\s+|em\s+|in\s+)?\d{{1,2}}\s+(?:{traffic_query.shift_words()})\b)?"
)

# "quanto custa por usuário por mês", "cost per seat", "preço por cabeça": the month's price over the users, when
# a cost word comes shortly before (with no number between: "custa ... 5 perguntas por usuário" is a load) and no
# shorter period after ("por usuário por hora" counts requests).
PER_USER = regexes.compile(
    # pt-PT's "utilizador" and the people a company counts ("por colaborador", "per employee") too
    r"\b(?:por|per)\s+(?:usuarios?|users?|utilizador(?:es)?|colaboradore?s?|funcionarios?|employees?|seats?|"
    r"assentos?|cabecas?|heads?|licencas?|licen[cs]es?|pessoas?)\b"
    r"(?!\s*(?:por|per|/|a|an|each)\s*(?:hora|minuto|segundo|dia|semana|hour|minute|second|day|week)s?\b)"
    # the month the price is for, said with it: "custo por usuário/mês", "cost per user per month"
    r"(?:\s*(?:/|por|per|ao|a)\s*(?:mes|month)\b)?"
)
_COST_BEFORE = regexes.compile(
    r"\b(?:custa\w*|custo|custos|preco|precos|valor|sai|cost\w*|price\w*)\b[^\d]{0,30}$"
)


# "custo por 1k requisições", "quanto sai cada requisição", "cost per 1,000 requests": the price of a number of
# requests (it had been read as 1,000 messages in each conversation, and the rate multiplied by them).
PER_REQUESTS = regexes.compile(
    r"\b(?:custo|custos|custa|custaria|preco|valor|sai|fica|cost|costs|price)\s+(?:medio\s+|average\s+)?"
    r"(?:(?:de|por|per|a|of|for|da|do)\s+(?:cada\s+|each\s+|every\s+|a\s+|one\s+|uma\s+|um\s+)?|cada\s+|each\s+)"
    r"(?:(?P<n>\d+(?:[.,]\d{3})*)\s*(?P<unit>k|mil|m|mi|milhao|milhoes|million)?\s*|(?P<word>mil|thousand|milhao|million)\s+)?"
    r"(?:de\s+)?(?:requisicoes|requisicao|requests?|chamadas?|calls?|consultas?|queries|query|pedidos?|mensagens|mensagem|"
    r"messages?|inferencias?|inferences?|(?P<conversation>conversas?|conversations?|atendimentos?)|documentos?|documents?)\b"
)


# The total asked of a term, at the end of the message or of the term's words: "..., total?", "o total do contrato",
# "valor total", "in total?", "grand total".
_TERM_TOTAL = regexes.compile(
    r"(?:\btotal\s*\??\s*$|\btotal\s+(?:do|da|of the|for the)\s+(?:contrato|periodo|contract|term|period)\b"
    r"|\bvalor\s+total\b|\bin\s+total\b|\bgrand\s+total\b)"
)


def _cost_per_requests(m: re.Match) -> int | None:
    scale = {"k": 1_000, "mil": 1_000, "thousand": 1_000, "m": 1_000_000, "mi": 1_000_000, "milhao": 1_000_000,
             "milhoes": 1_000_000, "million": 1_000_000}  # fmt: skip
    if m.group("word"):
        return scale[m.group("word")]
    n = int(m.group("n").replace(".", "").replace(",", "")) if m.group("n") else 1
    n *= scale.get(m.group("unit") or "", 1)
    return n if 1 <= n <= 1_000_000 else None


def _cost_per_user(m: re.Match) -> bool | None:
    return True if _COST_BEFORE.search(m.string, max(0, m.start() - 45), m.start()) else None


# "mais barato?", "tem opção mais barata?", "cheaper?": the setups that serve the workload for less.
CHEAPER = regexes.compile(rf"\b(?:{_W('words.cheaper')})\b")
# "o mais rápido possível", "no menor tempo", "as fast as possible": a training or a batch in the least time, of the
# setups that do it (sizing/run_budget.py). "Qual o mais rápido?", "the fastest GPU" compare GPUs: not this.
FASTEST = regexes.compile(
    rf"\b(?:{_W('words.fastest')})\b"
    r"(?!\s+(?:gpus?|placas?|cards?|models?|modelos?|options?|opc\w*|setups?|configurac\w*|one|ones|of|among|entre)\b)"
)
# "which is the fastest gpu for llama 8b?", "qual a gpu mais rápida para o llama 8b?": the GPU kind that serves the
# workload soonest, its fastest setup ("fastest" had been not understood, the workload sized on the cheapest GPU);
# asked alone, it is asked back what for.
FASTEST_GPU_FOR = regexes.compile(
    rf"\b(?:{_W('words.fastest_gpu')})(?:\s+(?=(?:for|to\s+run|to\s+serve|para|pra|pro|p/)\b)|(?=[\s?!.]*$))"
)
# "qual gpu roda o llama 70b mais rápido?", "which card serves qwen 32b fastest?": the same asked around the
# workload; "which" as FASTEST's, so that GPUs named are compared instead ("qual gpu é mais rápida, h100 ou h200?").
FASTEST_WHICH_GPU = regexes.compile(
    r"\b(?:qual|que|which|what)\s+(?:gpus?|placas?|cards?)\b[^?.!,;]{0,60}?\b(?P<speed>mais\s+rapid[oa]s?"
    r"|mais\s+depressa|fastest|quickest)\b"
)
_WHICH_BEFORE = regexes.compile(r"\b(?:qual|quais|which|what|who)(?:\s+(?:e|is|seria|would\s+be|s))?\s*$")


def opens_as_follow_up(text: str) -> bool:
    """Whether a message opens as a follow-up ("e com...", "what about..."): in a thread, one that names a
    model then changes only the model of the last answer, instead of being a new question."""
    return bool(FOLLOW_UP_OPENER.match(strip_accents(text.lower())))


HELP = regexes.compile(rf"^\s*(?:\W*(?:{_W('words.help')}|-h)\W*|\?)\s*$")
# "how do I export the log?", "como vejo o registro de pedidos?": no number, nothing to size.
LOG_HELP = regexes.compile(rf"^\D*\b(?:{_W('words.log_help')})\b\D*$")
# llama.cpp's cache types ("kv cache q8_0", "-ctk q4_0", "--cache-type-v q8_0", OLLAMA_KV_CACHE_TYPE=q8_0)
# are the cache's, never the weights': sized as llama.cpp's own when it serves (sizing/names.py
# resolve_kv_precision); with vLLM q8_0 is its FP8 cache and a 4- or 5-bit one is refused, said.
KV = regexes.compile(
    r"\b(?:kv|kv[\s_-]*cache|cache\s+(?:kv|de\s+kv))(?:[\s_-]*dtype|[\s_-]*type)?\s*(?:=|:|em|in|de|a|as)?\s*"
    r"(fp8|fp16|bf16|int8|8|16|8[\s-]?bits?|16[\s-]?bits?|q8(?:_0)?|f16|iq4_nl|q[456](?:_[01k])?|int4|[46][\s-]?bits?|nf4|fp4)(?![\w.])"
    r"|\b(fp8|8[\s-]?bits?|q4(?:_0)?)\s+(?:no\s+|na\s+|in\s+(?:the\s+)?|for\s+(?:the\s+)?|para\s+o\s+)?(?:kv[\s_-]*cache|kv|cache\s+kv)\b"
    # A flag's value is read whatever the type, so that one llama.cpp lacks ("-ctk q6_K") is refused, not dropped.
    r"|(?<![\w-])(?:--cache-type-[kv]|-ct[kv]|ollama_kv_cache_type)(?:\s*=\s*|\s+)([a-z]*\d+(?:_[a-z0-9]+)?)(?![\w.])"
    # TabbyAPI's cache_mode ("cache_mode: Q6", "cache q4"): ExLlamaV2's cache types.
    r"|\bcache(?:[\s_-]*mode)?\s*[:=]?\s*(fp16|fp8|q[468])(?![\w.])"
)
# Which of llama.cpp's caches a flag sets: "-ctk q8_0" the keys', "--cache-type-v f16" the values'.
_KV_SIDE = regexes.compile(r"(?:--cache-type-|-ct)([kv])\b")
# "contexto de 1 milhão de tokens", "context of 1 million tokens": a context, not a training set.
_MILLION_WORD = alternation([w for w in VOCAB.words("multipliers.million") if len(w) > 1])
# "contexto de 1M tokens", "context of 1M tokens": the M of a token count is 2**20, as "1M de contexto" is (it had
# been read as 1M tokens of training data, and the context left unsaid).
CONTEXT_MILLIONS = regexes.compile(
    rf"\b{_CONTEXT_WORD}\s*{_CONTEXT_JOIN}{_NUM}\s*(?:{_MILLION_WORD}|(?P<binary>m)(?=\s+(?:de\s+)?tokens?\b))"
    r"(?:\s+(?:de\s+)?tokens?)?(?![\w.])"
)
# "1 milhão de tokens de contexto", "a 2 million token context window", "1 milhão de contexto": the millions
# before the word.
# "1 milhão de tokens por requisição", "2 million tokens per query": each request's context, as "20k tokens
# per request" is (CONTEXT_UNIT).
CONTEXT_MILLIONS_BEFORE = regexes.compile(
    rf"{_NUM}\s*{_MILLION_WORD}[\s-]+(?:(?:de\s+)?tokens?[\s-]+)?(?:de\s+|of\s+)?{_CONTEXT_WORD}\b"
    rf"|{_NUM}\s*{_MILLION_WORD}\s+(?:de\s+)?tokens?\s+{_W('keys.per_request')}\b"
)
# Not before "per request": "1M tokens per request" is one request's context (CONTEXT_UNIT), not data.
# "a 5B-token corpus": the adjective's singular after a hyphen (it had been a 5B model beside the one named).
TRAIN_TOKENS = regexes.compile(
    rf"{_NUM}\s*({_BIG})(?:\s+(?:de\s+)?tokens|-token)\b(?!\s+(?:de\s+|of\s+)?{_CONTEXT_WORD}|\s+{_W('keys.per_request')}\b)"
)
# Tokens of conversations ("1 bilhão de tokens de conversas de atendimento", "1B tokens of customer support
# chats"): a supervised fine-tune's data (SFT), never a pre-training corpus, however many. Up to two words may
# stand between ("tokens of customer support chats"); only the conversations' noun is taken.
# Conversations named as a training's data with no count ("treinar o llama 8b com as nossas conversas do
# whatsapp", "fine-tune it on our support chats"): a fine-tune's (SFT) data, where they come from said after them
# (it had been "Não entendi: conversas").
DIALOGUE_NAMED = regexes.compile(
    r"\b(?:com|usando|sobre|on|with|using|from)\s+(?:(?:o|a|os|as|the|todas\s+as|todos\s+os|all)\s+)?"
    r"(?:(?:nosso|nossa|nossos|nossas|our|seus|suas|their|meus|minhas|my)\s+)?"
    rf"(?P<noun>{_W('training.dialogue_data')})\b"
    r"(?:\s+(?:d[aoe]s?|of|from|on|n[oa]s?|in)\s+(?:(?:nosso|nossa|our)\s+)?[a-z]{3,})?"
)
DIALOGUE_TOKENS = regexes.compile(
    rf"\btokens\s+(?:de|em|of|from|in)\s+(?:[a-z]+\s+){{0,2}}?(?P<noun>{_W('training.dialogue_data')})\b"
)
# A count written with its thousands grouped ("50.000 exemplos", "2,000,000,000,000 tokens"): three digits after
# each separator, so "1,5" and "2.25" stay decimals.
_GROUPED = r"\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)"
# A volume of words to work through ("traduzir 10 milhões de palavras", "translate 2 million words", "fine-tune
# on 50M words"): a multiplier or at least WORD_VOLUME_LEAST words; tokens at traffic.toml's tokens_per_word.
_WORD_MULTIPLIERS = {"k": 10**3, "mil": 10**3, "thousand": 10**3, "m": 10**6, "mi": 10**6, "milhoes": 10**6,
                     "milhao": 10**6, "million": 10**6, "millions": 10**6, "bi": 10**9, "bilhoes": 10**9,
                     "bilhao": 10**9, "billion": 10**9, "billions": 10**9}  # fmt: skip
WORD_VOLUME_LEAST = 10_000
WORD_VOLUME = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|\d+(?:[.,]\d+)?)\s*({alternation(list(_WORD_MULTIPLIERS))})?\s*(?:de\s+|of\s+)?"
    r"(?:palavras|words)\b"
)
# Training data as a plain number: "1e12 tokens", "2,000,000,000,000 tokens", "500000000000 tokens". Only from
# ten million up (a million in a training question): no context is that long, and below it "8.192 tokens" is
# a context.
TRAIN_TOKENS_PLAIN = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|\d+(?:\.\d+)?e\+?\d{{1,2}}|\d{{7,}})\s*(?:de\s+)?tokens\b"
    rf"(?!\s+(?:de\s+)?{_CONTEXT_WORD})"
)
# "32 seqs", "64 sequências simultâneas", "16 concurrent sequences" in serving: vLLM's sequences at once
# (--max-num-seqs), the conversations sized; a length is said in tokens or thousands ("4k seqs", SEQ).
CONCURRENT_SEQS = regexes.compile(
    r"(?<![\w.,=:])(\d{1,3})\s+(?:(?:concurrent|simultaneous|parallel)\s+)?(?:seqs|sequences|sequencias)"
    r"(?:\s+(?:simultaneas|concorrentes|em\s+paralelo|paralelas|at\s+once|in\s+parallel|concurrent))?\b"
    r"(?![\s-]*(?:tokens?|len|length)\b)"
)
SEQ = regexes.compile(
    rf"\b{_W('keys.seq_len')}\s*(?:=|:|de|of)?\s*(?:(?:up\s+to|ate|of\s+up\s+to|de\s+ate)\s+)?{_NUM}\s*(k|mil)?(?:\s*tokens)?\b"
    # "4k sequences", "8192-token sequences", "4k seq", "4096 sequence length": the number before the word.
    rf"|(?<![\w.,=:]){_NUM}\s*(k)?(?:[\s-]*tokens?[\s-]+sequences?"
    rf"|[\s-]+(?:sequences|seqs|seq(?:[\s_-]*len(?:gth)?)?|sequence[\s_-]+len(?:gth)?)"
    # "8k de sequência", "4096 tokens de comprimento de sequência"
    rf"|\s+(?:tokens?\s+)?de\s+(?:sequencias?|comprimento\s+de\s+sequencia))\b"
    # "2 4090 seq 4096": the word starts its own number, and the one before it is something else.
    r"(?![\s=:]*\d)"
)
# vLLM's prefill chunk, in prose or as a flag's name: "chunked prefill 8192", "prefill em blocos de 8k",
# "max_num_batched_tokens=8192", "chunked-prefill-size 4096" (SGLang's flag); never a context.
# TGI's --max-input-tokens, as launch_line writes it: the longest input of a request (Workload.prompt_limit).
PROMPT_LIMIT = regexes.compile(r"\bmax-input-tokens=(\d+)\b")
PREFILL_CHUNK = regexes.compile(
    r"\b(?:chunked[\s_-]*prefill(?:[\s_-]*size)?|prefill[\s_-]*chunk(?:[\s_-]*size)?|max[\s_-]*num[\s_-]*batched[\s_-]*tokens"
    r"|(?:blocos?|chunks?)\s+de\s+prefill|prefill\s+(?:em|in)\s+(?:blocos|chunks))"
    r"\s*(?:[=:(]|\bde\b|\bof\b|\bwith\b|\bcom\b|\bem\b|\bat\b)?\s*(?:(?:blocos|chunks)\s+(?:de\s+|of\s+)?)?"
    r"(\d+(?:[.,]\d{3})?)\s*(k)?(?:\s*tokens\b)?\)?"
)
# vLLM's "--gpu-memory-utilization 0.95" (a launch line's flag, or pasted in prose as "gpu_memory_utilization=0.95"
# or "gpu-memory-utilization 95%"): the share of each GPU's memory the server takes, in place of the offering's.
# "mfu 45%", "45% de MFU", "MFU of 0.45": the model FLOPs utilization a training is timed at (sizing/engine.py).
MFU = regexes.compile(
    r"\bmfu\s*(?:de\s+|of\s+|[=:]\s*|~\s*)?(\d+(?:[.,]\d+)?|[.,]\d+)\s*(%)?"
    r"|(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(%)\s*(?:de\s+)?mfu\b"
)
MEMORY_UTILIZATION = regexes.compile(
    r"\bgpu[-_ ]memory[-_ ]utili[sz]ation\s*[=:]?\s*(\d+(?:[.,]\d+)?|[.,]\d+)\s*(%)?"
)
# "em 30 dias", "in 2 weeks", "prazo de 3 meses": a deadline (the days a training run may take).
# The number stands alone: the "100" of "h100 semana que vem" is the GPU's name, not 100 weeks.
_DURATION = rf"(?:\b({_ONE})|(?<![\w.,]){_NUM})(?:\s*|-)({alternation(DAYS_OF)})\b"
DEADLINE = regexes.compile(rf"\b{_W('durations.deadline')}\s+{_DURATION}")
# A volume's deadline in hours or days, "48h" too: "traduzir 20 milhões de palavras em 48h".
VOLUME_DEADLINE = regexes.compile(
    rf"\b{_W('durations.deadline')}\s+(?<![\w.,]){_NUM}\s*(h|hs|hrs?|horas?|hours?|dias?|days?)\b"
)
# A training's deadline in minutes or half a day: "em 90 minutos", "in 45 min", "em meio dia", "in half a day".
DEADLINE_SHORT = regexes.compile(
    rf"\b{_W('durations.deadline')}\s+(?:(?<![\w.,]){_NUM}\s*(?:min|mins|minutos?|minutes?)\b"
    r"|(?P<half>meio\s+dia|half\s+a\s+day|a\s+half\s+day|half\s+day)\b)"
)
# "por 12 meses", "for a month", "contrato de 1 ano", "3 meses": a period of use. A training run must fit in
# it (a deadline); a service is rented for it (the contract's term).
YEARLY = regexes.compile(rf"\b{_W('durations.yearly')}\b")
_HOURS = r"(?:h|hs|hrs?|horas|hours)"
_PER_DAY = r"(?:por|ao|a|per|each|every|/)\s*(?:dia|day)\b"  # "por dia", "a day", "/dia"
# "24 horas por dia", "24/7", "around the clock": a service always on, as every monthly price assumes; so is
# "the whole month", "o mês inteiro" ("the price for run llama 70b whole month" had left "whole", "month" unread).
ALWAYS_ON = regexes.compile(
    rf"(?<![\w.,])24\s*{_HOURS}\s*(?:{_PER_DAY}|(?:x|/)\s*7\b)"
    # "24x7x365", "24/7/365": every day of the year too; "round the clock" as "around" ("round", "clock" had been
    # "Not understood")
    r"|(?<![\w.,])24\s*(?:[x/]|\s+por\s+|\s+by\s+)\s*7(?:\s*[x/]\s*365)?\b|\ba?round\s+the\s+clock\b|\bo\s+dia\s+(?:todo|inteiro)\b"
    r"|\b(?:(?:for|during)\s+)?(?:the\s+|a\s+)?(?:whole|full|entire)\s+month\b"
    r"|\b(?:(?:durante|por)\s+)?(?:o|um)\s+mes\s+(?:todo|inteiro)\b"
    # "rodar o llama 8b 24h", "no ar 24 horas": the hours of every day, not a deadline ("em 24h", "within 24
    # hours"), a period ("a cada 24h", "últimas 24 horas") or a run's length ("por 24h", "for 24 hours")
    r"|(?:\b(?:no\s+ar|ligado|ligada|online|up)\s+)?(?<![\w.,])(?<!\bem\s)(?<!\bin\s)(?<!\bate\s)(?<!within\s)(?<!\bcada\s)(?<!every\s)(?<!\bpor\s)"
    r"(?<!\bfor\s)(?<!\bde\s)(?<!\bof\s)(?<!ultimas\s)(?<!\blast\s)(?<!\bdas\s)(?<!\bnas\s)(?<!\bapos\s)"
    r"(?<!\bprazo\s)(?<!deadline\s)(?<!\bprazo:\s)(?<!deadline:\s)"
    r"(?<!after\s)24\s*(?:h|hs|horas|hours)\b(?!\s*(?:de|of|para|pra|to|a|-)\s)(?![\w/-]|[.,]\d)"
    # "24h no ar", "24 horas ligado", "24h online": the hours said before the words, as after them
    r"(?:\s+(?:no\s+ar|ligad[oa]s?|online|up)\b)?"
)
# A service on a schedule: "8 horas por dia", "das 8h às 18h", "9am-5pm", "horário comercial" ("horário laboral" in
# Portugal), "dias úteis".
HOURS_A_DAY = regexes.compile(rf"(?<![\w.,])(\d{{1,2}}(?:[.,]\d)?)\s*{_HOURS}\s*{_PER_DAY}")
# "janela de 8h", "numa janela de 10 horas", "jornada de 8h", "an operating window of 12 hours": the hours a day
# the service is used, as "8 horas por dia" (the "8h" had been left unread). A batch's window ("5 mil contratos
# por dia, janela de 6h") is read before, with its volume (sizing/traffic_query.py); a context window has tokens.
HOURS_WINDOW = regexes.compile(
    r"\b(?:janela|jornada|expediente|(?:operating|service|usage|working)\s+window|window|working\s+day|workday)"
    r"(?:\s+(?:de|do|of)\s+(?:atendimento|uso|funcionamento|operacao|trabalho|servico|use|operation))?"
    rf"\s+(?:de|of|com|with)\s+(\d{{1,2}}(?:[.,]\d)?)\s*{_HOURS}\b(?!\s*(?:{_PER_DAY}|de\s+contexto|of\s+context))"
)
HOURS_SPAN = regexes.compile(
    r"\b(?:das\s+|from\s+|de\s+)?(\d{1,2})\s*(?:h|:00)?\s*(?:as|a|-|–|ate|to|until)\s*(\d{1,2})\s*(?:h|:00)(?![\w:])"
    r"|\b(\d{1,2})\s*(am|pm)\s*(?:-|–|to|until|ate|a)\s*(\d{1,2})\s*(am|pm)\b"
    # "das 8 as 18", "das 9 às 17": "das" says the hours, with no "h" typed ("18" had been "Não entendi")
    r"|\bdas\s+(\d{1,2})\s+(?:as|ate)\s+(\d{1,2})\b(?![\w:.,]|\s*(?:%|horas?\s+(?:por|ao|a)\s))"
    # "from 9 to 6", "9-5": an office day across noon as English says it, the end in the afternoon (smaller than
    # the start); never before people ("9 to 6" had been dropped without a word, "9-5" not understood)
    r"|\b(?:from\s+)?(?P<am>1[0-2]|[6-9])\s*(?:-|–|to|till|until)\s*(?P<pm>[1-9])(?![\w.,%/:-])"
    rf"(?!\s+(?:[a-z]+\s+)?(?:{_COUNT_NOUNS}|{_W('counts.gpus')}|bits?)\b)"
)
# "business hours only", "during the workday": "only", "apenas" after it say the same schedule (had been "Not
# understood"); "9-5" is read as its 8 hours (HOURS_SPAN).
_ONLY = r"(?:\s+(?:only|apenas|somente|so))?"
# "nights and weekends", "só à noite e fim de semana", "fora do expediente": outside the offering's business hours,
# whole weekends on; "só à noite", "only at night": those hours left out of every day; "só de dia": those hours
# every day; "weekends only": Saturdays and Sundays. The hours a day they come to on average are the bill's
# (_off_hours); they had been "Not understood: nights, weekends" and a whole month billed.
OFF_HOURS = regexes.compile(
    rf"\b(?:(?:so|apenas|somente|only|just)\s+)?(?:(?P<nights_weekends>{_W('durations.nights_weekends')})|"
    rf"(?P<nights>{_W('durations.nights')})|(?P<daytime>{_W('durations.daytime')})|"
    rf"(?P<weekends>{_W('durations.weekends')})|(?P<six_days>{_W('durations.six_days')}))"
    r"(?:\s+(?:only|apenas|somente))?(?!\w)"
)
# "8x5", "12x5", "24x5", "16x7": hours a day by days a week, as support contracts write a schedule (5: weekdays);
# "24x7" is always on (ALWAYS_ON, read before). They had been "Não entendi: 8x5".
HOURS_BY_DAYS = regexes.compile(
    r"(?<![\w.,/])(?P<hours>[6-9]|1\d|2[0-4])\s*[x×]\s*(?P<days>[57])(?![\w/×]|[.,]\d)"
)
BUSINESS_HOURS = regexes.compile(
    r"\b(?:(?:em|no|during|in|only|apenas|somente|so)\s+)?(?:horario\s+(?:comercial|laboral)|horario\s+de\s+expediente|business\s+hours|"
    r"office\s+hours|working\s+hours|(?:the\s+)?work\s*day(?!\s+(?:de|of|com|with)\s+\d))\b" + _ONLY
)
WEEKDAYS = regexes.compile(
    r"\b(?:(?:em|nos|on)\s+)?(?:dias\s+uteis|business\s+days|weekdays|(?:de\s+)?segunda\s+a\s+sexta(?:-feira)?|"
    r"seg\s*(?:a|-)\s*sex|mon(?:day)?\s*(?:-|to|through)\s*fri(?:day)?"
    # "5 dias por semana", "22 dias por mês", "5 days a week": the working days (a month's are 21.7: 30.4 days
    # × 5/7); they had been a rental term of 5 or 22 days
    r"|5\s+dias\s+(?:por|na|a\s+cada|da)\s+semana|5\s+days?\s+(?:a|per|each)\s+week)\b" + _ONLY
)
# "22 dias por mês", "21 working days a month": a month's working days (30.4 days × 5/7 = 21.7), weekdays. The
# month after it is read as the cost's ("por mês") before this, so it is looked for in the text as typed.
# "24h por dia, 7 dias por semana", "every day", "todos os dias": the days of every week, as a month's price assumes;
# nothing to size ("7 dias" had been a rental term of 7 days, "semana" not understood).
EVERY_DAY = regexes.compile(
    r"\b(?:(?:e\s+|and\s+)?7\s+(?:dias|days?)\s+(?:por|na|a\s+cada|da|a|per|each|every)\s+(?:semana|week)"
    r"|todos\s+os\s+dias(?:\s+da\s+semana)?|every\s+day(?:\s+of\s+the\s+week)?)\b"
)
WORKING_DAYS = regexes.compile(r"\b2[12]\s+(?:dias(?:\s+uteis)?|(?:business\s+|working\s+)?days)\b")
_A_MONTH_AFTER = regexes.compile(r"\s+(?:por|no|ao|do|a|per|each)\s+(?:mes|month)\b")


def _off_hours(scan: _Scan, catalog: Catalog) -> str | None:
    """ "nights and weekends": how it was said, and the hours a day it averages, the offering's business hours
    (offering.toml) left out of each weekday, weekends whole; "só à noite": those hours left out of every day; "só
    de dia": those hours every day; "weekends only": two days of seven. Hours said beside it ("das 19h às 7h") are
    the ones used."""
    said = _one(scan, "off_hours", "hours_per_day")
    if said == "six_days":
        # "12h por dia, seg a sáb": the hours said (else all day) on 6 days of 7, their average a day
        hours = _one(scan, "hours_per_day", "hours_per_day") or 24.0
        scan.found["hours_per_day"] = [(hours * 6 / 7, scan.found["off_hours"][0][1])]
        return said
    if said is None or scan.found.get("hours_per_day"):
        return said
    day = catalog.offering.business_hours_per_day
    average = {
        "nights_weekends": ((24.0 - day) * 5 + 24.0 * 2) / 7,
        "nights": 24.0 - day,
        "daytime": day,
        "weekends": 24.0 * 2 / 7,
    }[said]
    scan.found["hours_per_day"] = [(average, scan.found["off_hours"][0][1])]
    return said


def _hours_span(m: re.Match) -> float | None:
    """ "das 8h às 18h": 10 hours; "9am-5pm": 8."""
    if m.group("am"):
        start, end = int(m.group("am")), int(m.group("pm"))
        return float(end + 12 - start) if end < start else None
    if m.group(1):
        start, end = int(m.group(1)), int(m.group(2))
    elif m.group(7):
        start, end = int(m.group(7)), int(m.group(8))
    else:
        start = int(m.group(3)) % 12 + (12 if m.group(4) == "pm" else 0)
        end = int(m.group(5)) % 12 + (12 if m.group(6) == "pm" else 0)
    hours = end - start
    return float(hours) if 0 < hours < 24 and end <= 24 else None


# "24 horas por dia", "8 hours a day": a daily schedule, not a term.
_DAILY = rf"(?!\s*{_PER_DAY})"
PERIOD = regexes.compile(rf"(?:\b{_W('durations.period')}\s+)?{_DURATION}{_DAILY}")
# "dia a dia", "day-to-day", "de um dia para o outro": said with a day, never a period (durations.idioms);
# looked for only when a day follows a short word.
DAY_IDIOMS = regexes.compile(rf"\b{_W('durations.idioms')}\b")
# "semana que vem", "next week", "no mês que vem": when the service starts, not how long it runs (they had
# been no word understood, or a term: "umas h100 semana que vem" a term of 700 days). Nothing to size.
WHEN = regexes.compile(rf"\b{_W('durations.when')}\b")
_IDIOM_CUE = regexes.compile(r"\b(?:a|um|to|by|after|apos|em)[\s-]+(?:dia|day)\b")
# "50 mil exemplos", "10k samples", "3 épocas": the dataset of a fine-tune. Not "documentos" (a RAG corpus
# is no training set) nor "conversas" (concurrent users).
EXAMPLES = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|-?\d+(?:[.,]\d+)?)\s*({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})?"
    # one word may qualify them: "30k chat samples", "10k labeled examples", "5 mil bons exemplos"
    rf"\s*(?:de\s+)?(?:(?!tokens?\b|toks?\b)[a-z]{{3,}}\s+)?{_W('counts.examples')}\b"
    # and what they are: "5 mil exemplos de conversas de suporte", "10k examples of dialogues"
    r"(?:\s+(?:de|of)\s+(?:[a-z]{3,}\s+)?(?:conversas|dialogos|chats|atendimentos|conversations|dialogues|dialogs|e-?mails|tickets"
    r"|chamados|transcricoes|transcripts))?"
)
# "20k exemplos de 2k tokens", "20k examples of ~2k tokens each", "10 mil pares de até 1.500 tokens": how long a
# training example is, said right after the examples counted. It had been read as the context, which made
# every example as long as the sequence: the data's tokens come from it, the memory from the sequence length.
EXAMPLE_LENGTH = regexes.compile(
    # "50 mil exemplos, cada um de uns 2 mil tokens", "20k examples of roughly 3k tokens each" (each had been a
    # serving context, the examples' length lost)
    # said in parentheses too: "50k examples (avg 1.5k tokens)" (had been a 5,000-token context and 1 user)
    rf"(?:{_W('counts.examples')}|pares|pairs)\s*[,:;(]?\s*(?P<length>(?:(?:(?:cada um|cada uma|each)\s+)?"
    r"(?:de|of|com|with)\s+"
    r"(?:(?:ate|up to|cerca de|em media|media de|uma media de|an average of|average of|about|around|approximately"
    r"|approx\.?|aprox\.?|roughly|uns|umas|aproximadamente|mais ou menos|perto de|~|≈)\s*)?"
    # "50 mil exemplos, media 800 tokens", "50k examples, average 1.2k tokens per example": an average said
    # with no preposition before it
    r"|(?:em media|media|de media|on average|averaging|average|avg\.?|mean)\s*(?:de\s+|of\s+)?(?:~\s*)?)"
    r"(?P<n>\d+(?:[.,]\d+)?)\s*(?P<unit>k|mil)?\s*tokens?\b"
    r"(?:\s+(?:each|cada|cada um|em media|on average|in average|per example|por exemplo|de media))?)"
)
# "2k tokens por exemplo", "cada exemplo tem 2k tokens", "each example is ~800 tokens", "os exemplos têm em média 1.500
# tokens": the same length said with its example after it or as the example's own. Read only in a training (a
# training thread's "2k tokens por exemplo" had been a serving context and "exemplo" not understood; "cada exemplo
# tem 2k tokens" a prompt's length); "por exemplo" after a comma is "for instance", never this.
_APPROX = (
    r"(?:(?:ate|up to|cerca de|em media|media de|uma media de|de media|an average of|average of|on average|about"
    r"|around|approximately|approx\.?|aprox\.?|mais ou menos|uns|umas|~|≈)\s*)?"
)
_EXAMPLE_WORD = r"(?:exemplos?|amostras?|examples?|samples?|linhas?|rows?|registros?|records?)"
EXAMPLE_LENGTH_AFTER = regexes.compile(
    rf"(?<![\w.,])(?P<length>{_APPROX}(?P<n>\d+(?:[.,]\d+)?)\s*(?P<unit>k|mil)?\s*tokens?"
    rf"(?:\s+(?:em media|on average|de media))?)\s+(?:por|per|cada|each|a|an|em cada|in each)\s+{_EXAMPLE_WORD}\b"
    rf"|\b(?:(?:cada|each|every|os|the|nossos|nossas|our|meus|minhas|my|as)\s+)?{_EXAMPLE_WORD}\s+"
    r"(?:tem|teem|tiver|tiverem|tivessem|tivesse|possuem|possui|has|have|had|are|were|is|sao|forem|fossem|ficam|fica|tem em media"
    r"|have on average)\s+(?:de\s+|of\s+)?"
    rf"(?P<length2>{_APPROX}(?P<n2>\d+(?:[.,]\d+)?)\s*(?P<unit2>k|mil)?\s*tokens?)\b"
    r"(?:\s+(?:cada|each|em media|on average|de media))?"
)
# The length said as an average ("em média 800 tokens", "average 1.2k tokens"): the data's tokens come from it,
# the sequence holds the longer examples (sizing/plan.py); a maximum ("até 2k tokens") is the sequence.
_AVERAGE_WORDS = regexes.compile(r"\b(?:media|average|averaging|avg|mean)\b")
# "DPO com 10 mil pares", "5k pairs": a preference tuning's examples (read when a method is named), unless GPUs
# follow ("2 pares de A100"); "20 mil pares de 1024 tokens" are pairs of that length (EXAMPLE_LENGTH), not GPUs.
EXAMPLE_PAIRS = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|-?\d+(?:[.,]\d+)?)\s*({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})?"
    r"\s*(?:pares|pairs)\b(?!\s+(?:de\s+|of\s+)?(?:[a-z]*\d[\w.,]*\b(?!\s*(?:k|mil)?\s*tokens?\b)|gpus?|placas?|rtx|tesla"
    r"|nvidia|instinct|radeon)\b)"
)
# "30 mil imagens e legendas", "30k image-caption pairs": a vision-language fine-tune's examples, each with an
# image; read before the images alone ("30 mil imagens" had been images in a conversation, "legendas" and
# "caption" not understood).
IMAGE_EXAMPLES = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|\d+(?:[.,]\d+)?)\s*({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})?"
    rf"\s*(?:de\s+|of\s+)?{_W('counts.image_examples')}\b"
)
# "fine-tune do qwen2.5-vl 7b com 30 mil imagens de notas fiscais", "lora on 5k images of invoices": in a
# training question, images counted with nobody they belong to are its examples too (they had been a total,
# "1 image per conversation" assumed, and no data for the time); "3 imagens por exemplo" stays per conversation.
IMAGES_TRAINED = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|\d+(?:[.,]\d+)?)\s*({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})?"
    rf"\s*(?:de\s+|of\s+)?(?:{_W('images.nouns')})\b(?!\s+(?:por|per|each|a|an|cada|em\s+cada|in\s+each)\b)"
)
# "fine-tune on 20k annotated contracts", "lora com 10 mil contratos anotados": in a training question the
# things counted are its examples.
EXAMPLE_THINGS = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|-?\d+(?:[.,]\d+)?)\s*({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})?"
    # the count ends at a word's end: the "b" of a model's size ("llama 3.1 8b tickets") is no word between the
    # count and the things (8 tickets had been the examples, and the model a family with no size)
    rf"(?![a-z])\s*(?:de\s+|of\s+)?(?:[a-z]+\s+)?{_W('counts.things')}\b"
    # said to be the examples: "10k support conversations as training examples", "como exemplos de treino"
    rf"(?:(?:\s+(?:de|do|da|ao|of|in)\s+[a-z]{{3,}}){{0,2}}\s+(?:as|como|para|for)\s+(?:(?:training|fine-?tuning)\s+)?"
    rf"(?:{_W('counts.examples')}|data|dados)(?:\s+(?:de\s+treino|for\s+training))?\b)?"
)
# "fine-tune on our support tickets (about 20k)", "tickets: uns 5 mil": the count said after the things, in a
# training question its examples too (a bare "20k" had been a 20,000-token sequence); a length after it
# ("tickets de 2k tokens") stays a length.
THINGS_THEN_COUNT = regexes.compile(
    rf"\b{_W('counts.things')}\b[\s:(,~-]*(?:(?:about|around|approximately|roughly|some|over|cerca\s+de|uns|umas"
    rf"|aproximadamente|aprox\.?|quase|mais\s+de)\s*)?~?({_GROUPED}|\d+(?:[.,]\d+)?)\s*"
    rf"({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})"
    r"(?![\w.,]|\s*(?:tokens?|palavras|words|caracteres|characters|chars|paginas|pages|de\s+contexto|context)\b)"
)
# "ensinar o llama 8b a responder como nosso suporte", "teach llama 3.1 8b to answer like our agents": a model
# taught to do something (a verb after "a"/"to", a few words on) is fine-tuned, as "fine-tune" alone is; with no
# verb after it ("a teaching assistant") it is no training. "treinar o modelo para responder como ..." names the
# same fine-tune with the plain word for training (_stage).
# "teach llama 8b our brand voice", "ensinar ao modelo o tom da marca": the way of speaking taught, as a noun, is
# the thing taught as well
_TAUGHT_TO = (
    rf"(?:\s+[\w.-]+){{0,6}}?\s+(?:{_W('training.teach_to')}\s+[a-z]{{3,}}|{_W('training.style')}(?![\w-]))"
)
TEACH = rf"{_W('training.teach')}(?={_TAUGHT_TO})"
# A model that speaks like the company's own people ("que escreva igual nosso time de marketing", "falar como nosso
# suporte", "writes like our sales team"): their texts teach it, a fine-tune as a teaching is (it had been a chat
# sized, or "Não entendi: escreva"); the people said are its goal, understood with it (IMITATED)
_LIKE_OURS = rf"\s+{_W('training.like')}\s+{_W('training.ours')}\s+[a-z]{{3,}}"
IMITATE = rf"{_W('training.imitating')}(?={_LIKE_OURS})"
IMITATED = regexes.compile(rf"{_LIKE_OURS}(?:\s+(?:de|of)\s+[a-z]{{3,}})?\b")
TRAINED_TO = regexes.compile(rf"\btrein[a-z]*\b(?={_TAUGHT_TO}\b)|\btrain[a-z]*\b(?={_TAUGHT_TO}\b)")
_TRAINING_SAID = regexes.compile(
    rf"\b(?:{'|'.join(_W('stages.' + k) for k in ('qlora', 'lora', 'full', 'fine_tune', 'pretrain', 'train'))}"
    rf"|{TEACH}|{IMITATE})"
)
# Training data by its size on disk: "dataset de 2gb de texto", "50 GB of legal text", "corpus: 500 MB". A
# noun of data before the size or after it is needed: a bare "80gb" is a GPU's memory.
_DATA_UNITS = {"tb": 10**12, "terabytes": 10**12, "terabyte": 10**12, "gb": 10**9, "gigabytes": 10**9,
               "gigabyte": 10**9, "gigas": 10**9, "giga": 10**9, "mb": 10**6, "megabytes": 10**6,
               "megabyte": 10**6, "megas": 10**6}  # fmt: skip
_DATA_BEFORE = _W("counts.data_before")
_DATA_AFTER = _W("counts.data_after")
_DATA_UNIT = alternation(list(_DATA_UNITS))
_NOT_PLACES = regexes.compile(
    rf"{_W('counts.gpus')}|{_W('counts.servers')}|{_W('counts.examples')}|{_W('counts.epochs')}|gpus|tokens"
    r"|requisicoes|requests|pedidos|chamadas|calls|mensagens|messages|perguntas|questions|horas|hours|dias|days"
    r"|minutos|minutes|segundos|seconds|semanas|weeks|meses|months|anos|years"
    # Not at once, or not one model's: shifts take turns, and each model or copy serves its own users.
    r"|turnos|shifts|periodos|modelos|models|instancias|instances|copias|copies|replicas|adaptadores|adapters|loras"
    r"|bits|bytes"
)
DATA_BYTES = regexes.compile(
    rf"\b(?:{_DATA_BEFORE})(?:\s+(?:de|com|of|with)\s+|\s*[:=]\s*|\s+)(?:(?:cerca\s+de|uns|umas|about|around|~)\s*)?"
    rf"(?P<a>\d+(?:[.,]\d+)?)\s*(?P<au>{_DATA_UNIT})\b(?:\s+(?:de|of)\s+(?:[a-z]+\s+)?(?:{_DATA_AFTER})\b)?"
    rf"|(?<![\w.,])(?P<b>\d+(?:[.,]\d+)?)\s*(?P<bu>{_DATA_UNIT})\s+(?:(?:de|of)\s+)?(?:[a-z]+\s+)?(?:{_DATA_AFTER})\b"
)


def _per_place(nouns: str) -> re.Pattern:
    """Places counted, then the people in each (PER_PLACE_USERS), the people named by `nouns`."""
    # each place's count, "2 mil" and "1,5k" too ("15 campi, cada campus com 2 mil alunos")
    each = r"(?:(?:uns|umas|about|around|cerca\s+de)\s+)?(?P<{}>\d{{1,5}}(?:[.,]\d+)?(?:\s*(?:mil|k)\b)?)\s+"
    return regexes.compile(
        r"(?<![\w.,])(\d{1,6})\s+(?P<place>[a-z]{3,}s|campi)\b"
        r"(?:\s+(?:diferentes|distintos|distintas|separados|separadas|different|separate|distinct))?\s*[,;]?\s*"
        r"(?:(?:cada\s+(?:um|uma|[a-z]{3,})\s+(?:com|tem|tendo|de|possui|atende|recebe|conta\s+com)"
        r"|each\s+(?:with|having|has|serving|serves)|com|with)\s+"
        + each.format("count")
        + rf"(?:{nouns})\b(?P<each>\s+(?:cada|each|cada\s+uma|cada\s+um))?|"
        + each.format("count2")
        + rf"(?:{nouns})\s+(?:cada|each|cada\s+uma|cada\s+um)\b|"
        # "20 escolas, 1000 alunos por escola", "40 branches, 3 agents per branch": the place said again after
        # "por" (_per_place_users checks it is the one counted); "e"/"and" may join them ("600 branches and 3
        # tellers per branch" had been 3 people)
        + r"(?:(?:e|and)\s+)?"
        + each.format("count3")
        + rf"(?:{nouns})\s+(?:por|per|em\s+cada|in\s+each|at\s+each)\s+(?P<one>[a-z]{{3,}})\b)"
        # the other way round: "300 alunos por escola, 100 escolas", "25 staff per branch across 40 branches"
        + r"|(?<![\w.,])"
        + each.format("count4")
        + rf"(?:{nouns})\s+(?:por|per|em\s+cada|in\s+each|at\s+each)\s+(?P<one2>[a-z]{{3,}})\s*[,;]?\s*"
        r"(?:(?:em|nas|nos|across|in|at|over|e|and|com|with|x|×)\s+)?(?:(?:as|os|the|our|nossas|nossos)\s+)?"
        r"(?P<places2>\d{1,6})\s+(?P<place2>[a-z]{3,}s|campi)\b"
        # "each of our 12 branches has 25 staff", "cada uma das 12 filiais tem 25 funcionários"
        r"|\b(?:cada\s+uma?\s+d[ao]s|each\s+of)\s+(?:(?:our|the|nossas|nossos|suas|seus)\s+)?"
        r"(?P<places3>\d{1,6})\s+(?P<place3>[a-z]{3,}s|campi)\s+(?:tem|possui|conta\s+com|has|have|employs)\s+"
        + each.format("count5")
        + rf"(?:{nouns})\b"
    )


# People in each of several places: "300 lojas, cada loja com 2 atendentes", "40 branches with 3 agents each":
# 600 and 120 users (people who work conversations, users.nouns), read before any of the two numbers alone.
# "20 clientes diferentes, 5 usuários cada", "5 aplicações, cada uma com 20 usuários": the same, with the place
# qualified, or the count's "cada" after it and no joining word.
PER_PLACE_USERS = _per_place(_COUNT_NOUNS)
# "100 escolas, cada escola com 300 alunos", "12 hospitais com 80 médicos cada": a head-count in each place
# (traffic_words.toml's people), the places times it; the count of places had been left unread and one
# place's people sized.
PER_PLACE_PEOPLE = _per_place(traffic_query.people_words())
_PEOPLE_PLACE = regexes.compile(traffic_query.people_words())
# LoRA adapters served beside a model ("servir o llama 8b com 10 adaptadores lora", "multi-lora serving with
# 20 adapters"): read only with a serving word and no training word, so "treinar 3 loras" stays training.
_ADAPTER_NOUN = r"(?:adaptadores|adapters|adaptador|adapter)(?:\s+(?:de\s+)?lora)?|lora\s+(?:adapters?|adaptadores?)|loras"
SERVED_ADAPTERS = regexes.compile(
    # "lora de 8 adaptadores servidos", "a LoRA with 8 adapters": the "lora" before the count names the adapters
    # (it had been read as a LoRA fine-tune)
    rf"(?:\blora\s+(?:de|com|with|of)\s+)?(?<![\w.,])(\d{{1,5}})\s+(?:(?:{_ADAPTER_NOUN})|(?:fine-?tunes?|modelos\s+ajustados)\s+(?:com\s+|with\s+|de\s+)?lora)\b"
    r"|\b(?P<multi>multi[-\s]?lora)\b"
    r"|\b(?:com|with|e|and|\+)\s+(?:um|uma|a|an|o|the)?\s*(?P<one>adaptador(?:\s+(?:de\s+)?lora)?|adapter|lora(?:\s+adapter)?)\b"
)
# "with 3 LoRA adapters" too (it had been a LoRA fine-tune)
_COUNTED_ADAPTERS = regexes.compile(
    r"(?<![\w.,])(?:[2-9]|\d{2,5})\s+(?:(?:lora\s+)?(?:adaptadores|adapters)|loras)\b"
)
_TRAINING_NOT_ADAPTER = regexes.compile(
    rf"\b(?:{'|'.join(_W('stages.' + k) for k in ('qlora', 'full', 'fine_tune', 'pretrain', 'train'))})\b"
)
_EPOCH = _W("counts.epochs")
# "durante 3 épocas", "for 3 epochs": the span's word goes with the epochs, as with the steps (it had been
# not understood). The count after the word too, as trainers' settings are typed: "epochs 2", "epocas: 3",
# "num_train_epochs=2" (Hugging Face's TrainingArguments), "num_epochs 3" (Axolotl, torchtune); they had been not
# understood. Not a count of GPUs or a size after it ("epochs 2 gpus", "epochs 2 h100").
EPOCHS = regexes.compile(
    rf"(?:\b{_W('keys.steps_span')}\s{{1,2}})?{_NUM}\s*{_EPOCH}\b"
    rf"|\b(?:num_train_epochs|num_epochs|n_epochs|{_EPOCH})\s*(?:[=:]\s*|\s+)(\d{{1,3}})\b"
    r"(?![.,]\d|\s*(?:[x×*]|gpus?\b|placas?\b|k\b|mil\b|%|b\b|rtx|[a-z]{1,2}\d{2,3}))"
)
# Training software: "com unsloth", "with torchtune", "liger kernels". Stack ids (sizing/data/stacks.toml).
STACKS = [
    (stack, regexes.compile(rf"\b(?:{_W('words.using')}\s+(?:o\s+|a\s+|the\s+)?)?{_W('stacks.' + stack)}\b"))
    for stack in VOCAB.keys("stacks")
]
TP = regexes.compile(rf"\b{_W('keys.tp')}\s*(?:=|:|de|of)?\s*(\d+)\b")
PP = regexes.compile(
    rf"\b{_W('keys.pp')}\s*(?:=|:|de|of)?\s*(\d+)\b|\b(\d+)\s*{_W('keys.pp_stages')}\b"
    rf"|\b{_W('keys.pp_bare')}\s*[=:]?\s*(\d+)\b(?![.,]\d|\s*(?:[x×*%]|-?way\b))"
)
# A base release named ("deepseek v3 base", "Llama-3.1-8B-Base", "o modelo base"): the model pre-training left,
# not its chat tune; not a base of something ("base de conhecimento") nor a frozen one ("base congelada").
_BASE_RELEASE = regexes.compile(
    r"(?i)(?:\b(?:v?\d+(?:\.\d+)?[bkm]?)[-_ ]base|\bmodelo base|\bbase model)\b"
    r"(?!\s+(?:de|do|da|dos|das|of|congelad\w*|frozen)\b)"
)
EP = regexes.compile(rf"\b{_W('keys.ep')}\s*(?:=|:|de|of)?\s*(\d+)\b|\b(\d+)\s*{_W('keys.ep_ways')}\b")
# Context-parallel ranks ("cp=4", "--context-parallel-size 4", "4-way context parallelism"), and the sequence
# said split across the GPUs with no degree ("ring attention"): the layout search picks it (training_layout.py)
CP = regexes.compile(rf"\b{_W('keys.cp')}\s*(?:=|:|de|of|em)?\s*(\d+)\b|\b(\d+)\s*{_W('keys.cp_ways')}\b")
CONTEXT_SPLIT = regexes.compile(rf"\b{_W('training.context_split')}\b")
# "lora_alpha=32", "lr 2e-4", "global batch size 1024": settings that change no memory figure, read with their
# value so the number is not taken for a context, a micro-batch or a rank; and what the figures already assume
# (FlashAttention, packing), named without one.
NO_MEMORY = regexes.compile(
    rf"\b{_W('keys.no_memory')}\s*(?:=|:|de|of)?\s*(?:-?\d+(?:[.,]\d+)?(?:e[+-]?\d+)?%?)(?![\w.])"
    rf"(?:\s*{_W('keys.steps')}\b)?"  # "warmup 100 steps": the warmup's, no run's length
    rf"|\b{_W('keys.assumed')}\b"
)
# "20k steps", "10 mil passos", "20.000 steps", "max_steps=1000": the optimizer steps of a run (never a context).
_THOUSANDS = alternation([*VOCAB.words("multipliers.thousand"), *VOCAB.words("multipliers.million")])
STEPS = regexes.compile(
    # next to each other: "batch 4 warmup 100 steps" leaves "batch 4" before blanks and "steps" (no 4 steps)
    # "durante 3000 passos", "for 3k steps": the span's word goes with the steps (it had been not understood)
    rf"(?:\b{_W('keys.steps_span')}\s{{1,2}})?"
    rf"(?<![\w.,])({_GROUPED}|\d+(?:[.,]\d+)?)\s{{0,2}}({_THOUSANDS})?\s{{0,2}}(?:de\s{{1,2}})?{_W('keys.steps')}\b"
    rf"|\b{_W('keys.steps_key')}\s*(?:=|:|de|of)?\s*({_GROUPED}|\d+(?:[.,]\d+)?)\s*({_THOUSANDS})?(?![\w.,])"
)
# "steps 1000", "passos: 500": the steps' own word before their number, read only after the forms above (so
# "20k steps 4 gpus" stays 20,000 steps), where a setting's key took the number before the word ("batch 4
# steps 1000").
STEPS_KEYED = regexes.compile(
    rf"\b{_W('keys.steps')}\s*(?:=|:|de|of)?\s*({_GROUPED}|\d+(?:[.,]\d+)?)\s*({_THOUSANDS})?(?![\w.,])"
)
# A batch: per GPU by its key ("micro-batch 4", "per_device_train_batch_size=4") or the words after it ("batch 4
# por GPU"); a plain "batch size 8" is per GPU on one, and the global batch when several GPUs are said
# (_batch_across_gpus); "global batch 64", "lote efetivo de 128" is the global one. "gradient accumulation 4".
_PER_DEVICE = rf"(?P<per>\s*(?:{_W('keys.per_device')})(?![\w]))?"
MICRO_BATCH = regexes.compile(
    rf"\b(?:{_W('keys.micro_batch')}|{_W('keys.micro_batch_short')})\s*(?:=|:|de|of)?\s*(\d+)\b{_PER_DEVICE}"
)
BATCH = regexes.compile(rf"\b{_W('keys.batch')}\s*(?:=|:|de|of)?\s*(\d+)\b{_PER_DEVICE}")
GLOBAL_BATCH = regexes.compile(rf"\b{_W('keys.global_batch')}\s*(?:=|:|de|of)?\s*(\d+)\b")
_GRAD_ACCUM_KEYED = (
    rf"\b(?:{_W('keys.grad_accum')}|{_W('keys.grad_accum_short')})\s*(?:=|:|de|of)?\s*(\d+)\b"
    rf"(?:\s*{_W('keys.steps')}\b)?"
)
GRAD_ACCUM = regexes.compile(
    rf"{_GRAD_ACCUM_KEYED}|(?<![\w.,])(\d+)\s*(?:{_W('keys.grad_accum')})(?:\s*{_W('keys.steps')})?\b"
)
GRAD_ACCUM_KEYED = regexes.compile(_GRAD_ACCUM_KEYED)
# "batch 4 steps 1000", "micro batch 2 grad accum 8": a number right after a setting's key is that setting's,
# so a count written before its word ("1000 steps", "8 grad accum") does not take it. Said after its key, the
# second setting's own number follows ("steps 1000"), read by the keyed forms (STEPS_KEYED, GRAD_ACCUM_KEYED).
_OWN_KEYS = "|".join(
    _W(f"keys.{key}")
    for key in (
        "micro_batch",
        "micro_batch_short",
        "global_batch",
        "batch",
        "seq_len",
        "context",
        "lora_rank",
        "grad_accum",
        "grad_accum_short",
        "steps_key",
    )
)
NUMBER_AFTER_KEY = regexes.compile(rf"\b(?:{_OWN_KEYS})\s*(?:=|:|de|of)?\s*$")
# "lora rank 64", "rank=64", "r=64", "r64": the adapters' rank. Read after names ("R1 distill" is a model), and
# a bare "r64" only at a rank people use.
LORA_RANK = regexes.compile(
    rf"\b{_W('keys.lora_rank')}\s*(?:=|:|de|of)?\s*(\d+)\b|\br\s*[=:]\s*(\d+)\b|\br(\d+)\b|(?<=lora )r\s+(\d+)\b"
)
COMMON_RANKS = {4, 8, 16, 32, 64, 128, 256, 512}
# "adam 8bit", "otimizador de 8 bits", "adamw8bit": 8-bit optimizer states, read before "8bit" can be a precision.
_EIGHT_BIT = r"8[\s_-]*bits?"
_OPTIMIZER_WORD = rf"(?:{_W('training.adamw')}|{_W('keys.optimizer')})"
# The key said before the optimizer's name ("com otimizador adamw", "optimizer: adafactor", transformers'
# "optim: paged_adamw_8bit"): read with it, as one setting (the key had been a word not understood)
_OPTIMIZER_KEY = rf"(?:\b{_W('keys.optimizer')}\s*[:=]?\s*)?"
OPTIMIZER_8BIT = regexes.compile(
    rf"{_OPTIMIZER_KEY}\b{_W('training.adamw8bit')}\b|{_OPTIMIZER_KEY}\b{_OPTIMIZER_WORD}\s*(?:de\s+|em\s+|in\s+)?{_EIGHT_BIT}\b"
    rf"|\b{_EIGHT_BIT}\s+{_OPTIMIZER_WORD}\b"
)
# "sea-lion v3 9b" names AI Singapore's model, no Lion optimizer.
OPTIMIZERS = [
    (optimizer, regexes.compile(rf"(?<!\bsea[\s_-]){_OPTIMIZER_KEY}\b{_W('training.' + optimizer.value)}\b"))
    for optimizer in (Optimizer.adamw, Optimizer.sgd, Optimizer.lion, Optimizer.adafactor)
]
PARAM_OFFLOAD = regexes.compile(rf"\b{_W('training.param_offload')}\b")
# A vision-language fine-tune that trains its vision encoder too (frozen unless said: sizing/plan.py _training_images)
VISION_TRAINED = regexes.compile(rf"\b{_W('training.vision_trained')}\b")
CPU_OFFLOAD = regexes.compile(rf"\b{_W('training.cpu_offload')}\b")
# The device an offload goes to, named alone beside it ("device": "cpu" in DeepSpeed's JSON)
OFFLOAD_PLACE = regexes.compile(r"(?:\bdevice\W{0,4})?\bcpus?\b")
# ZeRO-Infinity's offload device ("device": "nvme"), with an offload said around it ("offload to nvme", "nvme
# offload", "offload para o NVMe"): the place, whatever is offloaded there
NVME = regexes.compile(
    rf"(?:\b{_W('training.nvme_offload_before')}\W{{1,4}}(?:(?:the|o|os)\s+)?)?(?:\bdevice\W{{0,4}})?\bnvmes?\b"
    rf"(?:\W{{1,4}}{_W('training.nvme_offload_after')}\b)?"
)
# "sem GPU dedicada", "no dedicated gpu", "não precisa ser reservada": that contract ruled out, not asked for
# (it had been read as the dedicated contract, and "sem GPU" as a run on CPUs); the contract is then the one
# the load calls for, as with none said.
# Portuguese "no" is "in the" ("no servidor dedicado" asks for one): only English's is a "no" here.
CONTRACT_RULED_OUT = regexes.compile(
    r"\b(?:no|not|without)\s+(?:(?:a|an)\s+)?(?:(?:gpus?|servers?|machines?|instances?|capacity)\s+)?"
    r"(?:dedicated|reserved)\b"
    r"|\b(?:sem|nada\s+de|nao\s+(?:precisa\s+(?:ser\s+)?|quero\s+|e\s+)?)\s*(?:uma?\s+)?"
    r"(?:(?:gpus?|maquinas?|servidor(?:es)?|instancias?|capacidade)\s+)?(?:dedicad[ao]s?|reservad[ao]s?)\b"
)
# Running on a CPU instead of a GPU ("llama 8b em cpu", "cpu only", "sem gpu"): read after CPU offload, and
# said in a note (sizing/performance.py, cpu_tokens_per_s); the answer stays the GPUs we rent.
CPU_ONLY = regexes.compile(rf"\b{_W('words.cpu_only')}\b")
# Serving engines other than vLLM, whose speed the performance model does not describe (a note says so).
OTHER_ENGINE = regexes.compile(
    r"\b(sglang|tgi|text[-\s]generation[-\s](?:inference|launcher)|tensorrt[-\s]?llm|trt[-\s]?llm|lmdeploy)\b"
)
# The engines whose launch lines the verdict words with their own flags (sizing/plan.py launch_words).
_LAUNCH_ENGINES = {"sglang": "sglang", "tgi": "tgi", "text": "tgi"}
# "quanto ocupa o kv cache ... por token?", "kv cache per token": the answer says the cache a token takes.
KV_PER_TOKEN = regexes.compile(
    r"\b(?:kv(?:[\s_-]*cache)?|cache\s+kv)\b[^?!;]{0,60}?\b(?:por|per|each|a)\s+token\b"
)
# A model already fine-tuned, to serve ("servir o llama 8b fine-tunado com lora", "deploy de um qwen treinado com
# qlora", "já treinei um lora no llama 70b", "serve our fine-tuned llama"): a participle or a past tense says the
# training is done, and the question is about running the result. Not "pré-treinado"/"pre-trained" (the hyphen),
# which names the base model.
_TUNED_HOW = r"(?:\s+(?:com|with|via|usando|using|por|by)\s+(?:um\s+|uma\s+|a\s+|o\s+)?(?P<how>qlora|lora|peft|sft|dpo|grpo|unsloth))?"
# "pré-treinado", "pretrained": the base model as published, never a pre-training to size ("lora no llama 8b
# pré-treinado" had been refused as a contradiction).
PRETRAINED = regexes.compile(r"(?<![\w-])(?:pre[-\s]?treinad[oa]s?|pre[-\s]?trained)\b")
FINE_TUNED = regexes.compile(
    r"(?<![\w-])(?:fine[-\s]?tunad[oa]s?|finetunad[oa]s?|tunad[oa]s?|(?:re)?treinad[oa]s?|fine[-\s]?tuned|finetuned|"
    r"(?:re)?trained|ajustad[oa]s?(?=\s+(?:com|via|usando)\s+(?:um\s+|uma\s+)?q?lora))\b"
    + _TUNED_HOW
    + r"|\b(?:ja|already|we(?:'ve|\s+have)?(?:\s+already)?)\s+(?:treinei|treinamos|ajustei|ajustamos|fiz|fizemos|"
    r"fine[-\s]?tunei|fine[-\s]?tunamos|trained|fine[-\s]?tuned|did)\b"
    r"(?:\s+(?:um|uma|o|a|the|our|nosso|nossa)?\s*(?P<did>qlora|lora|fine[-\s]?tune|ajuste\s+fino))?"
)
# Training frameworks the sums do not model apart ("NeMo Megatron", "with NeMo", "megatron-lm", "deepspeed"):
# read, and said (rendering). "nemo" is the framework only with a cue, never "mistral nemo" or "nemo 12b".
TRAINING_FRAMEWORK = regexes.compile(
    r"\b(?:nvidia\s+)?(?:nemo[\s-]+)?megatron(?:[\s-]+(?:lm|core|bridge))?\b"
    r"|\b(?:nvidia\s+)?nemo[\s-]+(?:framework|toolkit|run|2\.0)\b"
    r"|\b(?:with|using|usando|via)\s+(?:o\s+|the\s+)?(?:nvidia\s+)?nemo\b(?![\s-]*(?:\d|instruct|base|minitron))"
    r"|\bdeepspeed\b(?![\s-]*(?:stage|zero|z\d))"
)
# An Azure GPU VM by its name ("Azure ND H100 v5", "NC A100 v4", "Standard_ND96isr_H100_v5"): another cloud's
# machine, said as context; its "v5" had been taken for a GPU we do not know, and the answer refused.
# A department's initials typed with spaces around the ampersand ("equipa de I & D", "our R & D team"): the
# filler word its joined form is ("i&d"), not two letters not understood.
SPACED_INITIALS = regexes.compile(r"(?<![\w&])([a-z])\s+&\s+([a-z])(?![\w&])")
# Where the model is downloaded from ("o modelo do hugging face unsloth/Llama-3.3-70B-Instruct-bnb-4bit"): the
# name beside it says which model; "hugging face transformers" stays the training stack's name.
HUB_SITE = regexes.compile(r"\bhugging[\s-]?face(?:\s+hub)?\b(?![\s-]+transformers)")
_AZURE_CUE = regexes.compile(r"[\s_]v[2-6]\b")
AZURE_VM = regexes.compile(r"\b(?:standard_)?n[cdv][a-z0-9]*(?:[_\s]+[a-z]*\d+[a-z]*){0,2}?[_\s]+v[2-6]\b")
# A Mac's name ("macbook pro", "m3 max") says nothing of the language the question is written in: its "pro" is
# no Brazilian "para o" ("gpt-oss-120b on a macbook pro 128gb" had been answered in Portuguese).
_MAC_NAMES = regexes.compile(rf"\b{_W('devices.mac')}\b")


def _written_words(plain: str) -> set[str]:
    """The words that say which language the (accent-free) text is written in: not a repo id's ("someone/
    does-not-exist") nor a Mac's name's."""
    if "/" in plain:
        plain = REPO.sub(" ", plain)
    if "pro" in plain:
        plain = _MAC_NAMES.sub(" ", plain)
    if "prem" in plain:  # "on-premise?": jargon said as is in every language, no English sentence
        plain = _ON_PREMISE.sub(" ", plain)
    if "it" in plain:  # "gemma 3 12b it": instruction-tuned, a model name's suffix, no English "it"
        plain = _IT_SUFFIX.sub(" ", plain)
    if "=" in plain:  # "ctx=8k users=4": a setting's key, no English word
        plain = _SETTING_KEY.sub(" ", plain)
    words = set(_WRITTEN.findall(plain))
    if "-" in plain:  # "podem dizer-me", "indiquem-nos": a pronoun after its verb, as Portugal writes it
        words.update(CLITIC.findall(plain))
        # "20-page documents", "a 10-user pilot": a count joined to its noun, as English writes it
        words.update(f"-{noun}" for noun in COUNTED_NOUN.findall(plain))
    if " a" in plain or "precis" in plain or " de " in plain:
        # "até ao primeiro token", "precisamos de processar": Portugal's grammar, kept as phrases for the markers
        words.update(" ".join(m.group(1).split()) for m in PT_PT_MARKERS.finditer(plain))
    return words


# "até ao primeiro token" (Brazil: "até o"), "precisamos de processar" (Brazil: "precisamos processar"; "de"
# before a noun, "precisamos de uma GPU", is said in both), "estamos a testar": phrases of Portugal's grammar, kept whole for the
# language's markers (pt-PT.toml distinct), weighed against Brazil's words as theirs are (PT_PT_PHRASES, Portugal's
# grammar that no Brazilian question has, overrides them).
PT_PT_MARKERS = regexes.compile(
    r"\b(ate\s+aos?\b|precis(?:o|a|amos|am|ava|avamos|ariamos|aremos)\s+de(?=\s+[a-z]{2,}(?:ar|er|ir)\b)"
    # "estamos a avaliar", "está a ser", "vai estar a correr": Portugal's progressive (Brazil: "estamos avaliando");
    # not "estou a par" (aware), which Brazil says too
    r"|est(?:ou|amos|ao|a|as|ar|ava|avam|avamos)\s+a(?=\s+(?!par\b)[a-z]+(?:ar|er|ir)\b)"
    # "treinar de raiz" (Brazil: "do zero"), "em hora de ponta" (Brazil: "no horário de pico")
    r"|de\s+raiz|horas?\s+de\s+ponta)"
)
# A number joined by a hyphen to the noun it counts ("20-page", "4k-token prompts"): English grammar (Portuguese
# writes "de 20 páginas"), read as "-page" for the markers (vocabulary "counted" nouns).
COUNTED_NOUN = regexes.compile(rf"\d[kmb]?-({_W('language.counted')})\b")
# A verb with its pronoun after it ("dizer-me", "recomendem-nos"), kept whole for the language's markers.
CLITIC = regexes.compile(r"\b[a-z]{2,}-(?:me|nos|lhe|lhes)\b")
_ON_PREMISE = regexes.compile(r"\bon[\s-]?prem(?:ise|ises)?\b")
_SETTING_KEY = regexes.compile(r"\b[a-z_]+\s*=")
# "gemma 3 12b it", "gemma-2-9b-it": "it" right after a size is a model's instruction-tuned suffix.
_IT_SUFFIX = regexes.compile(r"(?<=\db)[\s_-]+it\b")


# "no celular", "on a phone": the model run on the device itself (a note; the answer is for our GPUs).
PHONE = regexes.compile(rf"\b{_W('devices.phone')}\b")
# Quantizing the model oneself ("quantizar o llama 70b para awq"); not "sem quantizar", "without quantizing":
# those are the 16-bit weights (precisions.toml).
QUANTIZE_RUN = regexes.compile(
    rf"(?<!sem )(?<!without )(?<!nao )(?<!not )(?<!no )\b{_W('words.quantize_run')}\b"
)
_CKPT = _W("training.checkpointing")
NO_CHECKPOINTING = regexes.compile(
    rf"\b{_W('training.without')}\s+(?:o\s+|the\s+)?{_CKPT}\b|\b{_CKPT}\s*[=:]?\s*{_W('training.off')}\b"
)
CHECKPOINTING = regexes.compile(rf"\b(?:{_W('training.with')}\s+)?{_CKPT}\b")
# Megatron-LM's --recompute-granularity (arguments.py): "selective" recomputes the attention alone, "full" every
# layer (Korthikanti et al. 2022, arXiv:2205.05198, section 5)
SELECTIVE_RECOMPUTE, FULL_RECOMPUTE = (
    regexes.compile(rf"(?:--?)?\b(?:{_W('training.with')}\s+)?{_W('training.' + key)}(?![\w-])")
    for key in ("selective", "full_recompute")
)
# DeepSeek-V3's DualPipe schedule for the pipeline stages (sizing/training.py memory, dualpipe)
DUALPIPE = regexes.compile(rf"(?<![\w-]){_W('training.dualpipe')}(?![\w-])")
# The interleaved and zero-bubble V pipeline schedules (sizing/training.py memory, virtual_stages), and the virtual
# stages a GPU said; "interleaved" before an attention word is a model's layer pattern ("interleaved sliding window
# attention"), before a data word a data set's ("interleaved image-text data"), "interleaved thinking" a reasoning
# mode: none is a schedule
VIRTUAL_STAGES = regexes.compile(
    rf"\b{_W('keys.vpp')}\s*(?:=|:|de|of)?\s*(\d+)\b|\b(\d+)\s*{_W('keys.vpp_stages')}\b"
)
INTERLEAVED = regexes.compile(
    rf"(?<![\w-]){_W('training.interleaved')}(?![\w-])(?!\s+(?:sliding|local|global|attention|aten[cç][aã]o|thinking"
    r"|reasoning|racioc\w*|pensamento|m?rope|imag\w*|text\w*|v[ií]deo\w*|multimodal|data|dados|documents?)\b)"
)
ZERO_BUBBLE = regexes.compile(rf"(?<![\w-]){_W('training.zero_bubble')}(?![\w-])")
# torch.compile named for a training run; served, vLLM compiles by default, so the words are read and left be
COMPILED = regexes.compile(rf"(?<![\w-]){_W('training.compiled')}(?![\w-])")
# Attention without FlashAttention (transformers' attn_implementation="eager"): its scores are stored
# (the key as pasted: attn_implementation="eager", attn_implementation: eager, --attn-implementation eager)
EAGER_ATTENTION = regexes.compile(
    rf"\b{_W('training.eager_attention')}(?![\w-])|\battn[_-]implementation\W{{0,4}}eager\b"
)
# NVIDIA Transformer Engine: its FP8 recipes are what it is used for on Hopper (TE docs, "Using FP8 with
# Transformer Engine"), so a training with it and no precision said trains in FP8 (sizing/plan.py says what
# stays in BF16/FP32).
TRANSFORMER_ENGINE = regexes.compile(r"\b(?:nvidia\s+)?transformer[\s_-]?engine(?:[\s_-]fp8)?\b")
# The linear layers LoRA adapts (PEFT target_modules): every one ("all-linear", the default) or q and v alone.
# PEFT's key may come before them, as in a pasted LoraConfig or YAML ("target_modules: [q_proj, v_proj]").
_TARGET_KEY = r"(?:--?)?(?:lora[_-])?target(?:[_-]modules?)?\s*[:=]?\s*"
LORA_ALL_LINEAR = regexes.compile(rf"(?<![\w-])(?:{_TARGET_KEY})?{_W('training.lora_all_linear')}(?![\w-])")
# q_proj and v_proj listed as a YAML or Python list writes them: [q_proj, v_proj], ["q_proj", "v_proj"], q_proj,v_proj
_QV_LIST = r"\[?\s*[\"']?q_proj[\"']?\s*[,\s]\s*[\"']?v_proj[\"']?\s*\]?"
LORA_QV = regexes.compile(rf"(?<![\w-])(?:{_TARGET_KEY})?(?:{_W('training.lora_qv')}|{_QV_LIST})(?![\w-])")
# Llama-style modules listed for LoRA (PEFT target_modules, Axolotl's lora_target_modules), as a list of two or more
# or after its key: "target_modules q_proj,k_proj,v_proj,o_proj", "[gate_proj, up_proj, down_proj]", "on up_proj e down_proj"
_MODULE = r"[\"']?(?:q|k|v|o|gate|up|down)_proj[\"']?"
_MODULE_SEP = r"\s*(?:,\s*(?:and\s+|e\s+)?|\s(?:and|e)\s|/|\s)\s*"
_MODULES_ONLY = r"(?:only|just|s[oó]|apenas|somente)"
LORA_MODULES = regexes.compile(
    rf"(?<![\w-])(?:{_MODULES_ONLY}\s+)?(?:(?:{_TARGET_KEY})\[?\s*{_MODULE}(?:{_MODULE_SEP}{_MODULE})*|\[?\s*{_MODULE}"
    rf"(?:{_MODULE_SEP}{_MODULE})+)\s*\]?(?:\s+{_MODULES_ONLY})?(?![\w-])"
)
_MODULE_NAME = regexes.compile(r"\b(q|k|v|o|gate|up|down)_proj\b")
# A lora_dropout above 0 keeps a mask and its output for the backward (sizing/training.py lora_input_copy_bytes)
LORA_DROPOUT = regexes.compile(r"(?<![\w-])(?:--?)?lora[_ -]?dropout\s*[:=]?\s*(\d*\.?\d+)(?![\w.])")
PURE_BF16 = regexes.compile(rf"(?<![\w-]){_W('training.pure_bf16')}(?![\w-])")
CUT_CROSS_ENTROPY = regexes.compile(rf"(?<![\w-]){_W('training.cut_cross_entropy')}(?![\w-])")
# the flag as a command line or a TOML sets it: "--compile.enable_async_tensor_parallel", "enable_async_tensor_parallel = true"
ASYNC_TP = regexes.compile(
    rf"(?<![\w])(?:--?(?:compile|parallelism|experimental)\.)?{_W('training.async_tp')}(?:\s*[:=]\s*true)?(?![\w-])"
)


def _lora_modules(m) -> str:
    """The targets a list of modules names ("qv" for q_proj and v_proj, "all_linear" for all seven)."""
    named = set(_MODULE_NAME.findall(m.group(0)))
    if named == {"q", "v"}:
        return "qv"
    if len(named) == len(_LORA_MODULES):
        return "all_linear"
    return "+".join(name for name in _LORA_MODULES if name in named)


CONTRACTS = [
    (mode, regexes.compile(rf"\b{_W('contracts.' + mode)}\b"))
    for mode in ("on_demand", "project_package", "reserved", "dedicated")
]
# "scale to zero", "serverless", "escalar para zero": GPUs only while there is traffic, which on demand bills; each
# start from zero loads the weights again, said beside the sizing (it had been "Not understood: scale, zero").
SCALE_TO_ZERO = regexes.compile(rf"\b{_W('contracts.scale_to_zero')}\b")


def _scale_to_zero(query: Query) -> str:
    query.scale_to_zero = True
    return "on_demand"


# Embedding, speech, image and video models: named whole ("bge-m3", "whisper-large-v3"), they are out of scope.
OUT_OF_SCOPE = [
    (kind, regexes.compile(rf"\b{_W('out_of_scope.' + kind)}[\w.-]*"))
    for kind in ("embedding", "encoder", "speech", "image", "video", "closed")
]
# A closed model's maker, from how its name begins ("sabiá-3": Maritaca AI), for the answer to name whose API it is.
CLOSED_MAKERS = [
    (maker, regexes.compile(rf"{_W('closed_makers.' + maker)}")) for maker in VOCAB.keys("closed_makers")
]
_NAME_AROUND = regexes.compile(r"[\w.:/-]*$")
_SIZE_AFTER_NAME = regexes.compile(r"[\s_-]+\d+(?:\.\d+)?[bm]\b")
_NAME_AFTER = regexes.compile(r"[\w.:/-]*")
# The variant words after an out-of-scope model's name, typed apart ("whisper large v3", "xtts v2", "bge m3",
# "bge reranker", "nomic embed text").
_VARIANT_AFTER = regexes.compile(
    r"(?:[\s_-]+(?:large|medium|small|base|tiny|turbo|m3|reranker|text|v\d+(?:\.\d+)?)\b)*"
)
# A model or kind said as not wanted, the negation before it ("sem", "without", "não precisa de", "no need
# for", "dispensa") or a "não"/"no" answering it after a question mark ("embedding? não").
_NEGATED_BEFORE = regexes.compile(
    r"(?:\bsem|\bwithout|\bnao\s+(?:precisa(?:mos)?|quero|queremos|vamos\s+usar|usa(?:mos|remos)?)(?:\s+de)?"
    r"|\bno\s+need\s+(?:for|of)|\b(?:don'?t|do\s+not|won'?t)\s+(?:need|want|use)|\bdispensa(?:mos)?)"
    r"\s+(?:(?:o|a|os|as|um|uma|de|an?|the|any)\s+)?(?:(?:modelos?|models?)\s+(?:de\s+)?)?$"
)
_NEGATED_AFTER = regexes.compile(r"\s*\?\s*(?:nao|no|nope)\b(?!\s*(?:sei|know))")


def _negated_around(work: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of a name and its negation when the name is said as not wanted, else None."""
    if before := _NEGATED_BEFORE.search(work, max(0, start - 40), start):
        return before.start(), end
    if after := _NEGATED_AFTER.match(work, end):
        return start, after.end()
    return None


# An embedding suite's size letter typed apart ("snowflake arctic embed m", "arctic-embed xs v1.5"): that
# model of the suite (sizing/data/encoders.toml), no word left over (the "m" had been dropped, the L sized).
_SUITE_SIZE_AFTER = regexes.compile(r"(?:[\s_-]+(?:xs|s|m|l)\b(?![.-]\w)(?:[\s_-]+v\d+(?:\.\d+)?\b)?)?")
# A speech model's weight format typed after its name ("faster-whisper int8", "whisper large v3 fp16"): the
# speech model's (sizing/speech.py), not the LLM's beside it.
_SPEECH_FORMAT_AFTER = regexes.compile(
    r"(?:[\s_-]+(?:large|medium|small|turbo|v\d)\b)*(?:[\s_-]+(?:em\s+|in\s+)?(?:int8(?:[_-]float16)?|fp16|float16)\b)?"
)
# A closed model's tier and version typed apart ("claude 3.5 sonnet", "claude opus 4", "gemini 2.5 flash",
# "gpt-4o mini"): one name with the maker's word (they had been left as not understood, and "claude 3.5
# sonnet" not named as closed at all). A bare version is taken only where the name ends ("claude 3.5?",
# "gemini 2.5 or qwen3 32b"): "gpt-4o 20 users" keeps its count.
_CLOSED_TIERS = r"haiku|sonnet|opus|flash(?:[\s_-]lite)?|pro|mini|nano|turbo|ultra|lite"
_CLOSED_VERSION = r"\d{1,2}(?:\.\d)?"
_CLOSED_AFTER = regexes.compile(
    rf"(?:[\s_-]+(?:{_CLOSED_VERSION}[\s_-]+)?(?:{_CLOSED_TIERS})\b"
    rf"(?:[\s_-]+{_CLOSED_VERSION}(?![\w.%])(?!\s*(?:k|mil|b|m)\b))?)*"
    rf"(?:[\s_-]+{_CLOSED_VERSION}(?=\s*(?:$|[,;:?!)]|(?:or|ou|vs|versus|and|e|api)\b)))?"
)
# "zero3", "fsdp" (ZeRO-3's sharding; "fsdp2", PyTorch's fully_shard, shards the same), "ddp" / "distributed data parallel" (every GPU holds everything: ZeRO-0).
# "deepspeed stage 2", "zero stage 3", "stage 3 do deepspeed": the stage named with DeepSpeed's own word.
ZERO = regexes.compile(
    r"\b(?:deepspeed\s+)?zero[\s_-]*(?:stage[\s_-]*)?([0-9])\b|\b(fsdp2?)\b"
    r"|\b(ddp|(?:distributed\s+)?data[\s_-]+parallel(?:ism)?)\b"
    r"|\bdeepspeed\s+(?:zero\s+)?stage[\s_-]*([0-3])\b|\bstage[\s_-]*([0-3])\s+(?:of\s+|do\s+|da\s+)?(?:deepspeed|zero)\b"
)
# The stage as a config writes it: DeepSpeed's JSON ("zero_optimization": {"stage": 3}), accelerate's YAML
# (zero_stage: 2), the usual config file names (ds_z3.json, zero3_offload.json; DeepSpeed and Axolotl examples)
# FSDP's sharding strategies are the same stages (PyTorch FSDP docs, ShardingStrategy): FULL_SHARD (and
# HYBRID_SHARD within a server) shards weights, gradients and optimizer states as ZeRO-3; SHARD_GRAD_OP the
# gradients and optimizer states as ZeRO-2.
ZERO_KEYED = regexes.compile(
    r"\bzero[_-]optimization\W{0,8}stage\W{0,4}([0-3])\b|\bzero[_-]?stage\W{1,4}([0-3])\b|\bds[_-]?z([0-3])\b"
    r"|(?:\bfsdp\w*\W{0,4})?\b(?:(full|hybrid)[_\s-]shard|(shard)[_\s-]grad[_\s-]op)\b"
    # ZeRO++ (Wang et al. 2023, arXiv:2306.10209) is ZeRO-3 with its communication quantized; "without ZeRO",
    # "sem zero": plain data parallelism, every GPU holding all the states (ZeRO-0)
    r"|\bzero(\+\+)\B|\b(?:without|sem)\s+(?:deepspeed\s+)?(zero)\b(?!\s*[0-3]\b)"
)
# "deepspeed stage 2 or stage 3": a bare stage offered after one named with DeepSpeed's word (read only then).
ZERO_STAGE_CHOICE = regexes.compile(r"(?:,|\b(?:or|ou|vs\.?|versus))\s+(?:zero\s+)?stage[\s_-]*([0-3])\b")
_KEY_END = r"(?=\s*(?:$|[,;)!?]|\.(?!\d)|(?:e|and|com|with|em|on|para|pra|for)\b))"
USERS_KEY = regexes.compile(rf"\b{_W('users.keys')}\s*[=:]\s*(-?\d+)\b")
# "users=200": the parameter written as a flag is, as the --users flag, conversations open at once (a form's
# "Usuários: 200" stays a count that may be a head-count).
USERS_KEY_EQUALS = regexes.compile(rf"\b{_W('users.keys')}\s*=\s*(\d+)\b")
# "usuários simultâneos: 20", "utilizadores em simultâneo 20", "concurrent users 50": conversations at once.
# A form's line ends the count too: "Usuários simultâneos: 50\nPrecisão: FP8", or another key after it on one
# line (had been "Não entendi: “50”").
USERS_KEY_AT_ONCE = regexes.compile(
    rf"\b{_W('users.keys')}\s+{_W('users.at_once')}\s*[=:]?\s*(\d+)"
    rf"(?:{_KEY_END}|(?=[ \t]*\n)|(?=\s+[^\W\d_]+(?:\s+[^\W\d_]+)?\s*:))"
)
# "users 50": the count after the key with only a space, and nothing after it that would make it some other
# count ("usuários 20 mil"); read after "20 usuários" had its chance.
USERS_KEY_SPACED = regexes.compile(rf"\b{_W('users.keys')}\s+(\d+){_KEY_END}")
# vLLM's own flags, pasted from a launch command.
VLLM_SEQS = regexes.compile(r"(?:--)?\bmax[\s_-]*num[\s_-]*seqs(?:\s*=\s*|\s+)(\d+)\b")
# "10 users", "10 mil usuários", "10k users": a multiplier may stand between the number and the noun.
# "1.000 usuários", "2,500 users": grouped thousands are a count, never "1.0" users.
_SMALL = alternation([w for n in ("thousand", "million") for w in VOCAB.words(f"multipliers.{n}")])
USERS = regexes.compile(
    rf"({_GROUPED}|-?\d+(?:[.,]\d+)?)\+?(?:\s*|-(?=[a-z]))({_SMALL})?\+?\s*(?:de\s+|of\s+)?"
    rf"(?:{_W('users.adjectives')}\s+)?{_COUNT_NOUNS}\b"
)  # "30+ usuários", "10k+ users", "150 internal users", "a 50-person team"
# Several counts of users in one question (_phases, _summed_parts): phases, the larger sized ("piloto com 10 usuários e
# depois 100", "start with 5 users, scale to 200 later"), or parts of one group that add up ("10 pessoas do
# suporte + 15 do comercial", "vendas (10), suporte (25) e jurídico (5)", "a sales team of 12 and 30 support
# agents"). Both had been refused as two numbers of users, or read as one and the other left unread.
_PHASE = _W("parts.phases")
# "usando o qwen3 32b": a model's name and size between the phases' counts ("piloto ... com 20 usuários usando o
# qwen3 32b, depois produção com 500"), no count of theirs.
_SIZED_NAME = r"\b[a-z][a-z\d.-]*(?:\s+\d+(?:\.\d+)?)?\s+\d+(?:\.\d+)?b\b"
_SIZED_NAME_AT = regexes.compile(_SIZED_NAME)
# "100, llama", "Produção: 500.": a comma or a full stop after it, no decimal
# "1.500 pessoas", "1,500 users": a count with its thousands grouped is one (it had been no phase's, and the two
# counts refused as a contradiction)
_PHASE_COUNT = rf"(?<![\w.,])({_GROUPED}|\d{{1,6}}(?:\s*(?:mil|k)\b)?)(?!\w|[.,]\d)"
# When the next phase comes ("hoje 20 usuários, em 6 meses 200", "20 users now, 200 in 6 months"): a phase's time,
# between the counts or after the second, no count of its own (the 200 had been "Não entendi", or a prompt's
# 200 tokens)
_WHEN_NEXT = (
    # "por 3 meses" between the counts is how long the first phase lasts ("piloto de 20 usuários por 3 meses e
    # depois 200": it had been a 3-month term and the 200 not understood)
    r"\b(?:em|in|within|after|apos|depois\s+de|daqui\s+a|daqui|por|durante|for)\s+(?:\d{1,2}|um|uma|a|one)\s+"
    r"(?:dias?|days?|semanas?|weeks?|mes|meses|months?|anos?|years?)\b"
    # "20 usuários em janeiro, 200 em junho": a month named is a phase's time too (they had been summed, 220)
    r"|\b(?:em|in|by|ate|no\s+mes\s+de)\s+(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro"
    r"|novembro|dezembro|january|february|march|april|may|june|july|august|september|october|november|december)\b"
    # "no piloto de 30 dias, depois 100", "for a 2-week pilot, then 100": how long the pilot runs (it had been the
    # term, and the 100 not understood)
    r"|\b(?:piloto|pilot|poc|mvp)\s+(?:de|of)\s+\d{1,3}\s+(?:dias?|days?|semanas?|weeks?|mes|meses|months?)\b"
    r"|\b\d{1,3}[-\s](?:dias?|days?|semanas?|weeks?|mes|meses|months?)\s+(?:piloto|pilot|poc|mvp)\b"
    # "40 now, 120 by EOY", "até o fim do ano": the year's end (it had been a deadline of the days left to it)
    r"|\b(?:by|until|till|ate(?:\s+o)?|no|ao)\s+(?:eoy|(?:the\s+)?end\s+of\s+(?:the\s+)?year|fim\s+do\s+ano|final\s+do\s+ano)\b"
)
_WHEN_NEXT_AT = regexes.compile(_WHEN_NEXT)
_GROWTH_GAP = regexes.compile(rf"\b(?:{traffic_query.growth_gap_words()})\b")
PHASES = regexes.compile(
    rf"{_PHASE_COUNT}(?P<an>\s+(?:[a-z]+\s+)?{_COUNT_NOUNS}\b)?"
    # a sentence's stop or a label's colon between the phases ("piloto: 10 usuários. Produção: 500"), not a
    # decimal's
    # "piloto (10 usuários) e depois produção (300)", "piloto 10 usuarios => producao 300": brackets and an arrow
    rf"(?P<gap>(?:[^\d.;!?()=:]|[;.:](?=\s)(?!\s*(?:fase|etapa|phase)\b)|[()]|=>|{_SIZED_NAME}|{_WHEN_NEXT}){{1,60}}?)"
    # the second no time's count ("em 6 meses" is the gap's); "300 ano que vem", chat's "no" left out, is next year's
    # count (it had been a 300-token context)
    rf"{_PHASE_COUNT}(?![-\s]+(?:dias?|days?|semanas?|weeks?|mes|meses|months?|anos?|years?)\b(?!\s+que\s+vem\b))"
    # "depois escalar p/ 1000 funcionarios": the next phase's people as a head-count
    rf"(?P<bn>\s+(?:[a-z]+\s+)?(?:{_COUNT_NOUNS}|{traffic_query.people_words()})\b)?"
)
_PHASE_WORD = regexes.compile(rf"\b{_PHASE}\b")
# "fase 1: 10 usuários; fase 2: 100": a phase's number, and the stop before it, are no counts (_PHASES_NUMBERED).
_PHASE_NUMBER = regexes.compile(r"[;.]?\s*\b(?:fase|etapa|phase)\s*(?P<n>\d)\b\s*[:\-]?")
_DIGITS_AT = regexes.compile(r"(?<![\w.,])\d")
_COUNT_NEXT = regexes.compile(r"\s*\d")
_PHASE_NEXT = regexes.compile(rf"\s*,?\s*(?:(?:e|and|mas|but|now|agora|hoje)\b|{_PHASE}\b)")
_PER = regexes.compile(r"\s*(?:por|per|/|a|an|ao|each|cada|every|todo|toda)\b")
# A bare count is a phase's only next to a phase's word: "começa com 20", "depois 100", "200 later".
# "mvp p/ 20 pessoas": chat's "p/" (para) as a word
_PHASE_BEFORE = regexes.compile(rf"\b{_PHASE}\b(?:\s+(?:[a-z]+/?|,)){{0,3}}\s*[,(]?\s*$")
_PHASE_AFTER = regexes.compile(
    rf"\s*(?:$|[,;.!?)]|{_WHEN_NEXT}|(?:(?:e|and|em|in|no|na|on|at|para|pra|for)\s+)?{_PHASE}\b(?:\s+(?:{_WHEN_NEXT}))?)"
)  # "200 em produção em 6 meses", "400 after 3 months": when the phase comes is quoted with it, before a phase's
# word that opens it ("after"), not a term (it had been one, 180 or 90 days)
_TEAM = traffic_query.team_words()
_HEADS = traffic_query.people_words()
# A part counted in an organisation's people ("30 funcionários no suporte"): the sum is a head-count, sized
# by its traffic as one is (sizing/plan.py), not people at once (_summed).
_HEADS_ONLY = regexes.compile(rf"\b(?:{traffic_query.staff_words()})\b")
_COUNT_NOUN = regexes.compile(rf"(?:{_COUNT_NOUNS})")
_SERVANTS = regexes.compile(rf"\b(?:{traffic_query.servant_words()})\b")
# One head-count noun, the whole of a part's noun ("analistas"; not "analistas ativos").
_HEAD_NOUN = regexes.compile(rf"(?:{_HEADS})")
# A trade that works conversations all day, the whole of a part's noun ("atendentes", "devs"; traffic_words.toml).
_AT_ONCE_TRADE = regexes.compile(rf"(?:{traffic_query.at_once_trade_words()})")
# People said with no trade ("usuários", "pessoas", "users"): beside a head-count, those of it at once.
_PLAIN_PEOPLE = regexes.compile(rf"(?:[a-z]+\s+)?(?:{traffic_query.plain_people_words()})")
_USE = _W("parts.use")
_USE_WORD = regexes.compile(rf"\b{_USE}\b")
_GROUP_OF = r"(?:do|da|dos|das|de|of|from|in|on|at|no|na|em)\s+(?:the\s+|o\s+|a\s+|os\s+|as\s+)?"
# A part: "10 pessoas do suporte", "30 support agents" (with a people noun), "15 do comercial" (after a part
# with its group), "vendas (10)", "team of 12", "equipe de vendas com 12 pessoas".
# Three patterns, the two that start at a word tried only when a cue says they may match (a question tries
# them all, and a pattern that starts at any word is slow to fail).
# A group's name: a word of 3 letters or more, or an acronym of 2 ("50 do RH", "10 da TI") that is no article.
_GROUP_NAME = r"(?!(?:um|an|as|os|se|ou|or|at|on|in|to|is)\b)[a-z]{2,}"
# A group's second word only where the next part starts: "20 operadores de call center e 100 colaboradores".
_NEXT_PART = r"\s*(?:,|;|\+|\b(?:e|and|mais|plus)\b)"
# Thousands of conversations or requests a period ("15k conversations per day") are no part of a group but a
# volume, read by its own pattern; people a day stay a part ("60 operadores e 2 mil clientes por dia": two groups).
_NOT_PER_PERIOD = (
    r"(?!\s*(?:(?:por|per|a|ao|cada|each)\s+|/\s*)(?:dia|day|mes|month|semana|week|hora|hour)\b)"
)
# A number's word before the people's noun is a part of their group ("20 médicos residentes"), never "per"/"each":
# "8k por usuário" is each conversation's context, not 8,000 people.
_NOT_EACH = r"(?!(?:por|per|para|pra|cada|each|a|ao)\s)"
_PART_COUNTED = regexes.compile(
    rf"(?P<people>(?<![\w.,])(?P<n1>\d{{1,3}}(?:[.,]\d{{3}})+|\d{{1,5}})(?:\s*(?P<thousand>k|mil)\b)?"
    rf"\s+(?P<noun>(?:{_NOT_EACH}[a-z]+\s+)?(?:(?:{_COUNT_NOUNS})\b(?(thousand){_NOT_PER_PERIOD})|(?:{_HEADS})\b))"
    rf"(?:\s+{_GROUP_OF}(?P<g1>{_GROUP_NAME}(?:\s+{_GROUP_NAME}(?={_NEXT_PART}))?))?"
    rf"(?:\s+(?:{traffic_query.at_once_words()})\b)?)"
    rf"|(?P<grouped>(?<![\w.,])(?P<n2>\d{{1,5}})\s+{_GROUP_OF}(?P<g2>{_GROUP_NAME}))"
)
# "12 sales reps": the word before the people's noun names their group, unless it says they are at work
# ("active users") or the whole is one head-count noun ("registered users").
_NOT_A_GROUP = regexes.compile(
    rf"(?:{_HEADS}|(?:{traffic_query.using_words()})\s+[a-z]+|(?:novos|new|mais|more|outros|other)\s+[a-z]+)"
)
_PART_LISTED = regexes.compile(r"(?P<listed>\b(?P<g3>[a-z]{3,})\s*\(\s*(?P<n3>\d{1,5})\s*\))")
_TEAM_CUE = regexes.compile(rf"\b(?:{_TEAM})s?\b")
_PART_TEAM = regexes.compile(
    rf"(?P<team>\b(?:[a-z]{{3,}}\s+)?(?:{_TEAM})\s+(?:[a-z]+\s+){{0,2}}?(?:of|de|com|with)\s+(?P<n4>\d{{1,5}})(?![\w.,])"
    rf"(?:\s+(?:[a-z]+\s+)?{_COUNT_NOUNS}\b)?)"
)
# "suporte com 60 pessoas", "o jurídico tem 12 advogados", "o RH 8 pessoas": a part whose group comes first
# (a head-count's word counts too, the group says it is a part), tried only after its cue (_PART_NAMED_CUE).
# "a cooperativa com 50 mil cooperados" is counted in thousands by _PART_COUNTED: the "mil" had been read as the
# word before the noun, and 50 people summed.
_NOT_THOUSAND = r"(?!(?:mil|k)\s)"
_PART_NAMED = regexes.compile(
    rf"(?P<named>\b(?:(?:o|a|os|as|the)\s+)?(?P<g5>[a-z]{{2,}})\s+(?:tem|has|have|com|with)\s+(?P<n5>\d{{1,5}})"
    rf"\s+{_NOT_THOUSAND}(?:[a-z]+\s+)?(?:{_COUNT_NOUNS}|{_HEADS})\b"
    rf"|\b(?:o|a|os|as|the)\s+(?P<g6>[a-z]{{2,}})\s+(?P<n6>\d{{1,5}})\s+{_NOT_THOUSAND}(?:[a-z]+\s+)?"
    rf"(?:{_COUNT_NOUNS}|{_HEADS})\b)"
)
_PART_NAMED_CUE = regexes.compile(r"\b(?:tem|has|have|com|with)\s+\d|\b(?:o|a|os|as|the)\s+[a-z]{2,}\s+\d")
# "3 equipes de 15, 25 e 40 pessoas", "3 teams of 20, 30 and 50 people": the teams' sizes listed, summed;
# "duas equipes de 25 pessoas": teams of one size, multiplied.
_TEAM_LIST = regexes.compile(
    rf"(?:(?P<k>\d{{1,3}})\s+|\b[a-z]{{3,}}\s+)?\b(?:{_TEAM})s?\s+(?:de|of|com|with)\s+"
    rf"(?P<list>\d{{1,5}}(?:\s*,\s*\d{{1,5}})*(?:\s*,?\s*\b(?:e|and)\s+\d{{1,5}})?)"
    rf"\s+(?:[a-z]+\s+)?(?:{_COUNT_NOUNS}|{_HEADS})\b"
)
# "somos 3 times: 10 devs, ...", "we have 3 teams: ...": the teams counted before their parts are the parts'.
_TEAMS_BEFORE = regexes.compile(
    rf"(?:\b(?:somos|temos|sao|we\s+are|we\s+have|there\s+are)\s+)?\b\d{{1,3}}\s+(?:{_TEAM})s?\s*:?\s*$"
)
_PART_JOINT_CUE = regexes.compile(r"[,;+]|\b(?:e|and|mais|plus)\b")
_PART_JOINT = regexes.compile(
    r"\s*(?:,|;|\+|\b(?:e|and|mais|plus)\b)\s*(?:(?:e|and|mais|plus)\s+)?(?:(?:a|o|as|os|the)\s+)?"
)
MORE_USERS = regexes.compile(
    rf"\b(?:mais|more|extra|outr[oa]s)\s+(\d{{1,6}})\s+(?:{_COUNT_NOUNS})\b"
    rf"|(?<![\w.,])(\d{{1,6}})\s+(?:{_COUNT_NOUNS})\s+a\s+mais\b"
    rf"|(?<![\w.,])(\d{{1,6}})\s+(?:more|extra|additional)\s+(?:{_COUNT_NOUNS})\b"
)
# The hour of the peak ("pico às 14h", "pico entre 14h e 16h", "peak at 2pm", "horário de pico por volta do
# meio-dia"): the peak the load is sized for, whatever its hour; nothing to size from the hour itself (it had been
# "14h" not understood). Read after the traffic, whose phrases may hold "pico" ("25% ativos no pico").
_HOUR = (
    r"(?:\d{1,2}\s*h(?:\d{2})?(?![\w:])|\d{1,2}:\d{2}\b|\d{1,2}\s*(?:am|pm)\b|meio[\s-]dia\b|noon\b|midday\b)"
)
_PEAK_WORD = regexes.compile(r"\b(?:picos?|peaks?|rush)\b")


def _peak_word_in(text: str) -> bool:
    """_PEAK_WORD.search(text), run only where one of its words is (in ~1 question in 20; ~2 us a run)."""
    return ("pico" in text or "peak" in text or "rush" in text) and _PEAK_WORD.search(text) is not None


PEAK_HOUR = regexes.compile(
    r"(?P<peak>\b(?:(?:o\s+|the\s+)?(?:horario|hora|hour|time)\s+(?:de\s+|of\s+)?)?(?:picos?|peaks?|rush(?:\s+hour)?)"
    r"(?:\s+(?:hours?|time))?(?:\s+(?:e|fica|costuma\s+ser|geralmente|is|usually|occurs|happens|acontece))?[\s,:]+)?"
    r"\b(?:as|a|at|around|about|por\s+volta\s+d[oa]s?|perto\s+d[oa]s?|entre|between|das|do|from|de)\s+"
    rf"{_HOUR}(?P<until>\s*(?:e|a|as|-|–|to|and|ate|until)\s*{_HOUR})?"
)
# The peak named a few words before an hour the traffic's phrase left ("pico de 40 req/s às 14h").
_PEAK_NEAR = regexes.compile(r"\b(?:picos?|peaks?)\b[^.;!?\n]{0,24}$")
# The peak's multiple right before a span of hours ("pico de 3x entre 9h e 11h", "peak of 2x from 9 to 11am"):
# the span is the peak's, not the hours of use (they had been "9h", "11h" not understood).
_PEAK_MULTIPLE_BEFORE = regexes.compile(
    r"\b(?:picos?|peaks?)\s+(?:(?:de|of|is|e|maybe|talvez|tipo)\s+)*\d+(?:[.,]\d+)?\s*(?:x|vezes|times)\s*$"
)


def _peak_before(scan: _Scan, m: re.Match) -> bool | None:
    """Whether the hour is the peak's: said right after the word ("pico às 14h", "peak at 2pm"), or a single
    hour a few words after it ("pico de 40 req/s às 14h"). Not a span away from the word ("10 mil por dia das 9h
    às 18h, pico às 11h": the hours of use, read elsewhere)."""
    if m.group("peak"):
        return True
    before = strip_accents(scan.original[max(m.start() - 30, 0) : m.start()].lower())
    if m.group("until"):
        return True if _PEAK_MULTIPLE_BEFORE.search(before) else None
    return True if _PEAK_NEAR.search(before) else None


# "contexto máximo", "max context", "the full context window": the model's own window, when no figure is said.
CONTEXT_MAX = regexes.compile(
    r"\b(?:(?:o\s+|a\s+)?contexto\s+(?:maximo|inteiro|completo|todo|total|cheio)|todo\s+o\s+contexto"
    r"|(?:the\s+)?(?:max(?:imum)?|full|whole|entire)\s+context(?:\s+(?:window|length))?"
    r"|janela\s+(?:de\s+contexto\s+)?(?:maxima|inteira|completa))\b"
)
# "quantas páginas cabem no contexto?", "how many pages fit?": the capacity answers in pages too.
PAGES_ASKED = regexes.compile(
    r"\b(?:quantas|qtas|how\s+many|quantidade\s+de|numero\s+de|number\s+of)\s+(?:paginas|folhas|pages)\b"
)
# "quantos usuários cabem?", "how many concurrent users can it handle?", "max concurrency": the capacity asked.
# Said in any of the words for "how many" or "the most" before whom a setup serves, beside the phrases listed:
# "max de usuarios simultaneos q 8x h200 aguentam", "qntos usuários a h100 suporta", "número máximo de sessões",
# "limite de conexões simultâneas", "maximum number of concurrent sessions" ("max de" had been left unread,
# and the answer had sized one conversation). Not "máximo de 20 usuários", a count with its bound.
_CAPACITY_NOUNS = (
    r"(?:usuarios|usuario|pessoas|conversas|clientes|sessoes|acessos|atendimentos|agentes|conexoes|chamadas"
    r"|requisicoes|utilizadores|simultaneos|simultaneas|users|people|sessions|conversations|connections|chats"
    # "how many user can support one h100": the singular, as non-native English writes it; whoever the users
    # are ("how many students can one l40s handle", "quantos alunos uma h100 aguenta")
    r"|requests|concurrent|simultaneous|parallel|user|utilizador|alunos|estudantes|students|pacientes|patients"
    r"|funcionarios|employees|atendentes|operadores|operators|agents|customers)"
)
_CAPACITY_GENERAL = (
    r"(?:quant[oa]s|qtos|qtas|qntos|qntas|qnts|qts|how\s+many"
    r"|(?:(?:o\s+|a\s+)?(?:numero|quantidade|qtd|n[o.]?)\s+)?(?:maxim[oa]|max|limite|teto|maximum)\.?"
    r"(?:\s+(?:de|of|number\s+of))?)"
    rf"\s+{_CAPACITY_NOUNS}\b(?!\s*(?:simultane[oa]s\s*|concurrent\s*)?[:=]?\s*\d)"
)
CAPACITY_ASKED = regexes.compile(
    r"\b(?:" + VOCAB.pattern("users.capacity_question") + "|" + _CAPACITY_GENERAL + r")\b"
)
_ASKED_BEFORE = regexes.compile(r"\b(?:qual|quais|what|whats|how|quanto|quanta)\b[^,.;:!?]{0,12}$")
# "qual o contexto máximo do qwen 7b?", "what's the max context of llama 3.1 70b": the model's own limit asked
# (the answer says it in its first lines); "qual o contexto máximo que cabe numa L40S" asks what fits there.
_OF_THE_MODEL = regexes.compile(r"\s*(?:do|da|de|of|for|para|pro|pra|no|in|on)\b")


def _context_max(scan: _Scan, m: re.Match) -> bool | None:
    """True where the full context is asked for ("com o contexto máximo"); None where it is asked about,
    recording whether the model's own limit is what is asked."""
    if not _ASKED_BEFORE.search(scan.work, 0, m.start()):
        return True
    if _OF_THE_MODEL.match(scan.work, m.end()):
        scan.found["context_limit_asked"] = [(True, scan.original[m.start() : m.end()].strip())]
    return None


# "with full 128k context": the figure is the context; "full" is no full fine-tune.
FULL_BEFORE_FIGURE = regexes.compile(
    r"\b(?:full|whole|entire)\s+(?=\d+(?:[.,]\d+)?\s*[km]?\s+(?:context|tokens?)\b)"
)
# "8k por usuário e 40 usuários, total 320k", "320k tokens in total": the tokens of every conversation
# together, not a context of its own (it had been refused as two contexts): _build checks it is the sum.
_TOTAL_WORD = r"(?:no\s+total|in\s+total|ao\s+todo|em\s+todo|in\s+all|total|somando|summed)"
_TOTAL_AMOUNT = r"(?P<n>\d+(?:[.,]\d+)?)\s*(?P<u>k|mil|m)\b(?:\s*(?:de\s+)?tokens?\b)?"
CONTEXT_TOTALS = (
    regexes.compile(
        rf"\b{_TOTAL_WORD}\s*(?:de\s+|of\s+|[:=]\s*)?{_TOTAL_AMOUNT}(?!\s*(?:de\s+|of\s+)?[a-z])"
    ),
    regexes.compile(rf"(?<![\w.,]){_TOTAL_AMOUNT}\s*{_TOTAL_WORD}\b"),
)
TOTAL_TOLERANCE = 0.03  # "8k x 40 = 320k": k read as 1,000 or 1,024 on either side, the same sum to rounding
# ("janela de 6 horas", "a 4-hour window": a batch's time, sizing/traffic_query.py, never a context.)
# A full stop after the value ends the sentence ("contexto de 8 mil."): only a point inside a number ("8.5k")
# keeps it from matching; "mil" had been left behind and the context read as 8 tokens.
# A number that counts its own noun after it ("128k ctx 2 GPU h100", "contexto 32k 4 usuários") is that count,
# not the key's value ("ctx 2" had contradicted the 128k said before the word).
CONTEXT_KEY = regexes.compile(
    rf"\b{_CONTEXT_WORD}\s*{_CONTEXT_JOIN}{_NUM}\s*(k|mil|m)?(?:\s*tokens)?(?!\w|\.\w)"
    r"(?!\s*(?:h|hrs?|horas?|hours?|min|minutos?|minutes?)\b)"
    rf"(?!\s*(?:x\s*|×\s*)?(?:{_W('counts.gpus')}|{_COUNT_NOUNS})\b)"
)
# "10 mil documentos" or "5k requests" count things, not tokens of context.
# ("20k annotated contracts": a word may stand between the count and the things.)
# ("500k token documents", "30k-token contracts": tokens each, a context; see CONTEXT_UNIT's trailing noun.)
_NOT_TOKENS = rf"(?!\s*(?:de\s+)?(?:(?!tokens?\b)[a-z]+\s+)?{_W('counts.things')}\b)"
# The things a context's tokens measure, after it: "500k token documents", "30k-token contracts".
_TOKENS_OF_THINGS = rf"(?:[-\s]+{_W('counts.things')}\b)?"
# "350M model", "500M parameters": a model's size, not a context of millions of tokens.
_NOT_SIZE = rf"(?!\s*(?:de\s+)?(?:{_W('counts.params')}|model|modelo)\b)"
# "20 mil tokens por consulta", "20k tokens per query": the words that make the length each request's.
_PER_REQUEST = rf"(?:\s+{_W('keys.per_request')}\b|\s*/\s*req\b)?"  # "4k tokens/req": shorthand's slash
# "they're in Portugal", "o cliente está em Lisboa": users in Europe (the latency note, sizing/advice.py).
# "português europeu", "european portuguese", "português de Portugal", "Portugal Portuguese": the language's
# variety (the answer's, or the data's), no place ("em português de Portugal" had been users in Europe)
EUROPE = regexes.compile(
    rf"(?<![\w'])(?<!portugues\s)(?<!português\s)(?<!portugues\sde\s)(?<!português\sde\s)"
    rf"(?<!portuguese\sfrom\s)(?:{_W('words.europe')})(?![\w'])(?!\s+portuguese\b)"
)
# Tested before EUROPE: its words are in nearly no question, and the pattern took ~3 us to say so.
_EUROPE_CUE = _first_words("words.europe")
_PER_REQUEST_SAID = regexes.compile(rf"\b{_W('keys.per_request')}\b|/\s*req\b")
# Not glued to a word before it: "gsm8k" (a benchmark) had been a context of 8k tokens. Nor started inside a run of
# digits that it could start earlier in (the second digit of one after a letter is where "gsm18k" matches, as it
# did): the same matches, without trying each digit of a long number in turn (~2 s on 4,000 digits).
CONTEXT_UNIT = regexes.compile(
    # "16kctx": the key glued to its value, as shorthand types it (it had been "Não entendi: 16kctx")
    rf"(?:(?<![a-z\d])|(?<=[a-z]\d)){_NUM}\s*(k|mil(?!\s+milh)|m)(?:\b|(?=ctx\b)){_NOT_TOKENS}{_NOT_SIZE}(?:[-\s]*tokens?{_TOKENS_OF_THINGS}{_PER_REQUEST})?"
    rf"(?:\s*(?:de\s+)?{_CONTEXT_WORD})?"
    r"(?=(?:\s+(?:de\s+|of\s+)?(?P<counted>[a-z]{3,}s)\b)?)"
)
CONTEXT_TOKENS = regexes.compile(
    rf"{_NUM}[-\s]*tokens?\b{_TOKENS_OF_THINGS}{_PER_REQUEST}(?:\s*(?:de\s+)?{_CONTEXT_WORD})?|{_NUM}\s*(?:ctx|context)\b"
)
# A Kubernetes manifest's GPUs for each pod ("limits: nvidia.com/gpu: 2", NVIDIA's device plugin resource name),
# each replica's count as "2 GPUs" is; a HorizontalPodAutoscaler's ceiling ("maxReplicas: 5"), the most pods at
# the peak, is the replicas, and its floor ("minReplicas: 1") sizes nothing.
K8S_GPUS = regexes.compile(r"\bnvidia\.com/gpu[\"']?\s*[:=]?\s*[\"']?(\d{1,2})\b(?![.,]\d)")
K8S_REPLICAS = regexes.compile(r"\b(?:(?P<min>min)|max)[\s_-]?replicas\s*[:=]?\s*(\d{1,3})\b(?![.,]\d)")
GPU_COUNT = regexes.compile(rf"\b(\d+)\s*{_W('counts.gpus')}\b")
# A launcher's config keyed, one process per GPU: accelerate's YAML num_processes, torchrun's nproc_per_node,
# DeepSpeed's num_gpus ("num_processes: 4", "nproc_per_node=8"); on the command line sizing/query.py launch_line
GPU_COUNT_KEY = regexes.compile(r"\b(?:num_processes|nproc_per_node|num_gpus)\s*[:=]?\s*(\d{1,5})\b")
# A count before a GPU said by its memory ("2 x 48gb cards", "4x 24GB", "2 48gb gpus"): that many of the class
# (the count had been dropped, or left as "2x" not understood). The memory itself is read by GPU_MEMORY.
GPU_COUNT_BEFORE_MEMORY = regexes.compile(
    rf"\b(\d{{1,2}})\s*[x×]\s*(?=\d{{2,3}}\s*(?:gb|gib)\b)"
    rf"|\b(\d{{1,2}})\s+(?=\d{{2,3}}\s*(?:gb|gib)\s*(?:{_W('counts.gpus')})\b)"
)
# "2 gpus ou 4?", "2 ou 4 gpus", "2 or 4 GPUs?": counts to choose between with no GPU named, weighed side by
# side as "2 ou 4 H100" is (the second is no GPU's count when a GPU's name follows it: "2 gpus ou 4 h100").
_CHOICE_WORD = r"\s*,?\s*(?:ou|or|vs\.?|versus)\s+(?:(?:com|em|with|on|in|usando|using)\s+)?"
GPU_COUNT_CHOICE = regexes.compile(
    rf"\b(\d{{1,2}})\s*{_W('counts.gpus')}{_CHOICE_WORD}(\d{{1,2}})(?:\s*{_W('counts.gpus')}\b)?"
    r"(?![\d.,]|\s*(?:x\b|×|bits?\b|k\b|b\b|gb\b|[a-z]+\d))"
    rf"|\b(\d{{1,2}}){_CHOICE_WORD}(\d{{1,2}})\s*{_W('counts.gpus')}\b"
)
# "numa única gpu", "em uma só placa", "on a single GPU", "only one GPU": one GPU.
SINGLE_GPU = regexes.compile(
    r"\b(?:(?:numa|em\s+uma|uma|on\s+a|in\s+a|on\s+one|in\s+one|a|one)\s+(?:unica|single|so)"
    r"|(?:so|apenas|somente|only|just)\s+(?:uma|1|one|a\s+single)"
    # "can we do it on one gpu?", "fits in one card", "em uma gpu", "com uma placa": "one" is the count here (a
    # GPU said with "a", "numa gpu", stays unread as a count)
    r"|(?:on|in|onto|with|using|em|com|usando)\s+(?:one|uma|um))\s+"
    rf"{_W('counts.gpus')}\b(?!\s+(?:servers?|nodes?|machines?|servidor|servidores|maquinas?|nos?)\b)"
)
# GPUs counted in pairs: "um par de H100" (2), "2 pares de A100" (4), "a pair of H100s", "two pairs of L40S" (number
# words are digits by now), "uma dupla de placas". Read before the pair's words can be anything else; "pares de
# perguntas e respostas" (a fine-tune's examples) is taken before this.
_PAIRS_OF = rf"(?:(?<![\w.,=:])(\d{{1,2}})\s*|\b{_ONE}\s+)?\b{_W('counts.pairs')}\s+(?:de\s+|of\s+)?"
PAIRS_BEFORE_GPU = regexes.compile(rf"{_PAIRS_OF}$")
GPU_PAIRS = regexes.compile(rf"{_PAIRS_OF}{_W('counts.gpus')}\b")
GPU_MEMORY = regexes.compile(r"\b(\d{2,3})\s*(?:gb|gib|g|gigas?|gigs?|giga\s*bytes?|gigabytes?)\b")
MOE_SIZE = regexes.compile(
    r"\b(\d+)\s*x\s*(\d+(?:[.,]\d+)?)\s*b\b|\b(\d+(?:[.,]\d+)?)\s*b\s*-?\s*a\s*(\d+(?:[.,]\d+)?)\s*b\b"
)
SIZE = regexes.compile(
    rf"(?<![\w.])(\d+(?:[.,]\d+)?)\s*({_BIG})(?![\w.])(?:\s*(?:de\s+)?{_W('counts.params')})?"
)
# Gemma's on-device sizes ("gemma 4 e4b"): "effective" parameters, read only after a series' name.
EFFECTIVE_SIZE = regexes.compile(r"(?<![\w.])e(\d+(?:\.\d+)?)b(?![\w.])")
MILLION_WORDS = {strip_accents(w) for w in VOCAB.words("multipliers.million") if len(w) > 1}
PARAMS_AT_END = regexes.compile(rf"{_W('counts.params')}$")
# "1 milhão de usuários", "2 million documents": a spelled-out multiplier before people or things counts them.
COUNTED = regexes.compile(
    rf"\s*(?:de\s+|of\s+)?(?:{_COUNT_NOUNS}|{_W('counts.things')})\b"
    rf"|\s*(?:de|of)\s+(?!{_W('counts.params')}\b)[a-z]"  # "1 milhão de tickets": any noun but parameters
)

# A RAG corpus counted ("1M documentos", "500 mil PDFs", "10k documents"), with no rate after it (a daily
# volume is traffic, read before): looked up in a vector database beside the LLM, so it changes none of the
# model's memory; read (never a context, a model's size or users) and said in a note.
CORPUS = regexes.compile(
    rf"(?<![\w.,])(?:{_GROUPED}|\d+(?:[.,]\d+)?)\s*(?:{_SMALL})?\s*(?:de\s+|of\s+)?{_W('counts.corpus')}\b"
)
# The size of a place ("hospital com 2 mil leitos", "300 lojas", "a chain of 300 stores"): read and sized as nothing,
# never as users or a context; after the traffic words and the people per place, which read a rate or people per
# unit ("3 perguntas por loja por hora", "40 filiais, 3 atendentes por filial").
NO_LOAD_COUNT = regexes.compile(
    rf"(?<![\w.,])(?:{_GROUPED}|\d+(?:[.,]\d+)?)\s*(?:{_SMALL})?\s*(?:de\s+|of\s+)?{_W('counts.no_load')}\b"
)
# Stage words, most specific first: "full fine-tune" before "fine-tune", "do zero" before "treinar".
STAGE_WORDS = ("qlora", "lora", "full", "fine_tune", "pretrain", "train", "inference")
STAGE_OF = {"qlora": Stage.qlora, "lora": Stage.lora, "full": Stage.full, "fine_tune": Stage.full,
            "pretrain": Stage.pretrain, "train": Stage.pretrain, "inference": Stage.inference}  # fmt: skip
# The way of speaking taught ("a responder como", "to answer like"), understood once a teaching is read
TEACH_SAID = regexes.compile(rf"\b{TEACH}")
TAUGHT = regexes.compile(rf"\b{_W('training.teach_to')}\s+{_W('training.taught')}\b")
# The way of speaking taught as a noun ("no tom da marca", "our brand voice"), understood once a teaching or a
# training is read: it says why the model is fine-tuned, and sizes nothing
STYLE_TAUGHT = regexes.compile(
    rf"\b(?:(?:n[oa]|d[oa]|em|com|o|a|in|on|with|our|the)\s+)?{_W('training.style')}(?:\s+(?:d[aoe]s?|of)\s+[a-z]+)?(?![\w-])"
)
# "quero ajustar o llama 8b": "ajustar" is fine-tuning when a model is what it adjusts (its name was read and
# blanked by now, so blanks follow the article) or nothing follows it; "ajustar o contexto" is no training.
_ADJUST = rf"{_W('stages.adjust')}(?=(?:\s+{_W('stages.adjusted')})?(?:\s{{2,}}|\s*[,.;:?!]|\s*$|\s+(?:com|with|em|usando|pra|para)\b))"
STAGES = [
    (
        kind,
        regexes.compile(
            rf"\b(?:{_W('stages.' + kind)}{'|' + TEACH + '|' + IMITATE + '|' + _ADJUST if kind == 'fine_tune' else ''})\b"
        ),
    )
    for kind in STAGE_WORDS
]
# People being trained, a use the model serves ("Llama 70B para 40 analistas, no treinamento das equipes
# internas", "plataforma de treinamento de vendedores", "employee training", "training for new hires"): no
# model is trained, so no training stage is read from them.
_TRAINEES = (
    r"(?:equipes?|equipas?|times|funcionarios?|colaboradores?|vendedores?|atendentes?|analistas?|pessoas|"
    r"alunos?|estudantes|professores?|operadores?|tecnicos?|medicos?|enfermeiros?|gestores?|lideres|"
    r"usuarios?|utilizadores?|clientes?|pessoal|novos\s+contratados|trabalhadores?|servidores\s+publicos)"
)
# Who asks, by their team: "sou do suporte técnico, o cliente quer...", "sou da equipe de vendas", "I'm from
# support", "suporte técnico aqui:" (the words.asker_* lists). Taken before the tasks: the team is who asks,
# not what the model does (tech support had been the support-chat task).
_ASKER_TEAM = rf"(?:{_W('words.asker_team')})(?:\s+(?:team|time|equipe))?"
ASKER_TEAM = regexes.compile(
    rf"(?<![\w'])(?:{_W('words.asker_before')})\s+(?:(?:o|a|the|our)\s+)?(?:{_W('words.asker_group')}\s+)?"
    rf"{_ASKER_TEAM}(?:\s+(?:{_W('words.asker_here')}))?(?![\w'])"
    rf"|^\W*{_ASKER_TEAM}\s+(?:{_W('words.asker_here')})(?![\w'])"
)
# "support" and "suporte" said of a feature or a load, not of a support chat: "do you support multi-node?", "we
# need to support 50 users", "is there support for fp8?", "vocês dão suporte a multi-node?", "tem suporte a
# fp8?". Only the word (group 1) is left out of the tasks; it had made each of these a support-chat task.
SUPPORT_NOT_TASK = regexes.compile(
    r"\b(?:(?:do|does|did)\s+(?:[\w.-]+\s+)?|(?:to|can|could|will|would|should|must|you|we|they|it|not|also|n't)\s+)"
    r"(support)\b"
    r"|\b(support)\s+(?:for|of)\b"
    r"|\b(?:da|dao|dar|damos|tem|temos|ha|existe|oferece|oferecem|possui|possuem)\s+(suporte)\s+"
    r"(?:a|ao|aos|as|para|pra|pro|de|nativo)\b"
    # the platform's own support asked about ("vocês têm suporte?", "tem suporte em português?", "do you offer
    # support?"): answered as such (sizing/topics.py), no support chat sized beside a model said with it
    r"|\b(?:tem|tens|teem|temos|ha|existe|oferece|oferecem|da|dao)\s+(suporte)(?:\s+(?:tecnico|em\s+\w+|24\s*h\w*|24/7))?"
    r"\s*(?:[?,.;]|$)"
    r"|\b(?:offer|offers|provide|provides|have|has)\s+(support)(?:\s+(?:in\s+\w+|24/7))?\s*(?:[?,.;]|$)"
)
_TRAINING_KINDS = (
    r"(?:employee|employees|staff|sales|corporate|new[\s-]+hire|onboarding|compliance|workforce)"
)
PEOPLE_TRAINED = regexes.compile(
    r"\b(?:treinamentos?|capacitac(?:ao|oes)|formac(?:ao|oes))\s+(?:d[aoe]s?|para|pra|pros|pras)\s+"
    rf"(?:(?:nossos?|nossas?|novos?|novas?|todos\s+os|todas\s+as)\s+)?{_TRAINEES}\b"
    rf"|\b(?:{_TRAINING_KINDS}\s+)?training\s+(?:of|for)\s+(?:our\s+|the\s+|new\s+|all\s+)?(?:employees|staff|"
    r"sales\s+reps|students|new\s+hires|workers|nurses|doctors|teachers)\b"
    rf"|\b{_TRAINING_KINDS}\s+training\b"
)
# "DPO", "ORPO", "RLHF": how the weights are fitted (sizing/data/vocabulary, [methods]); one pattern, a group
# per method, read in one pass.
# The base said after the method goes with it ("treinar reward model a partir do qwen2.5 7b", "dpo starting from
# llama 3.1 8b"): the model after the joint is the question's (the joint had been "partir" not understood).
# A reward model's own training said in words ("treinar um reward model", "reward model training"), against one
# named only with its base ("reward model a partir do llama 8b"), which beside an RL method is its rewards' source.
LEARNING_A_REWARD = regexes.compile(r"trein|train|model(?:ing|ling)")
METHODS = regexes.compile(
    r"\b(?:" + "|".join(f"(?P<{kind}>{_W('methods.' + kind)})" for kind in VOCAB.keys("methods")) + r")\b"
    r"(?:\s+(?:a\s+partir\s+d[oae]s?|com\s+base\s+n[oa]s?|baseado\s+(?:n[oa]s?|em)|based\s+on|built\s+on"
    r"|starting\s+from|on\s+top\s+of|initiali[sz]ed\s+from)\b)?"
)
# RL settings (sizing/data/vocabulary, [rl]): where completions are generated, a KL reference or none, and
# how many completions each prompt gets ("8 gerações por prompt", "num_generations=16").
RL_WORDS = regexes.compile(
    r"\b(?:" + "|".join(f"(?P<{kind}>{_W('rl.' + kind)})" for kind in ("server", "colocate", "generate",
                                                                       "no_reference", "reference",
                                                                       "reward_functions", "reward_model")) + r")\b"
)  # fmt: skip
RL_GENERATIONS = regexes.compile(
    rf"\b(\d{{1,3}})\s*(?:{_W('rl.generations')})\b|\b(?:{_W('rl.generations')})\s*[=:]?\s*(\d{{1,3}})\b"
)
RL_BETA = regexes.compile(r"\bbeta\s*[=:]?\s*(\d+(?:[.,]\d+)?)\b")
# The length of each generated completion ("max_completion_length 1024", "completions de 512 tokens", "1024
# tokens de completion") and of each prompt ("max_prompt_length 512", TRL's names): in RL, the generation's
# lengths, never a context.
_RL_LENGTH = r"(\d{2,6}|\d{1,3}\s*k)"
_RL_JOIN = r"(?:\s*(?:de|of|=|:|with|ate|up\s+to|no\s+maximo|at\s+most|max)\b|\s*[=:])*\s*"
_RL_OUT = r"completions?|respostas?|geracoes|geracao|generations?|saidas?|outputs?"
RL_COMPLETION = regexes.compile(
    rf"\b(?:max[\s_]completion[\s_]length|max[\s_]new[\s_]tokens|completion[\s_]length|{_RL_OUT})"
    rf"(?:[\s_]tokens)?{_RL_JOIN}{_RL_LENGTH}\s*(?:tokens?)?\b"
    rf"|(?<![\w.,]){_RL_LENGTH}\s*(?:tokens?\s+)?(?:de\s+|of\s+|per\s+|por\s+)?(?:{_RL_OUT})(?:\s+tokens?)?\b"
)
RL_PROMPT = regexes.compile(
    rf"\b(?:max[\s_]prompt[\s_]length|prompt[\s_]length|prompts?)(?:[\s_]tokens)?{_RL_JOIN}{_RL_LENGTH}\s*(?:tokens?)?\b"
    rf"|(?<![\w.,]){_RL_LENGTH}\s*(?:tokens?\s+)?(?:de\s+|of\s+|per\s+|por\s+)?prompts?(?:\s+tokens?)?\b"
    r"(?!\s*(?:por|per)\b)"
)
TASK_PATTERNS = [(task, regexes.compile(rf"\b{_W('tasks.' + task.value)}\b")) for task in Task]
# "reasoning high", "reasoning effort: medium", "raciocínio alto": gpt-oss's effort levels, a reasoning task (the
# effort changes the answers' length, which the answer asks for, not the memory).
REASONING_EFFORT = regexes.compile(
    r"\b(?:reasoning|raciocinio|thinking)(?:[\s_-]+effort)?[\s:=_-]+(?:high|medium|alto|alta|medio|media)\b"
)
# The low effort writes a short chain of thought: the answers are sized at the chat's lengths (sizing/plan.py).
REASONING_LOW = regexes.compile(
    r"\b(?:reasoning|raciocinio|thinking)(?:[\s_-]+effort)?[\s:=_-]+(?:low|baixo|baixa|minimo|minimal)\b"
    r"|\b(?:low|minimal)[\s_-]+reasoning(?:[\s_-]+effort)?\b|\braciocinio[\s_-]+(?:curto|breve)\b"
)
# Thinking turned off: "sem raciocínio", "sem thinking", "without reasoning", "no thinking", "non-thinking mode",
# "modo não-thinking", "thinking off", "/no_think", "enable_thinking=False", "desligar o raciocínio".
NO_REASONING = regexes.compile(
    r"\b(?:sem|without|with\s+no|nao|non|desliga\w*|disable\w*|turn\s+off)(?:\s+(?:o|a|the|modo|mode|de))?[\s_-]+"
    r"(?:raciocinio|reasoning|thinking|think|pensamento|pensar)\b|\bno[_-]think(?:ing)?\b"
    r"|\b(?:raciocinio|reasoning|thinking)[\s_-]+(?:off|desligad[oa])\b"
    r"|/no_?think\b|\benable_thinking\s*[=:]\s*false\b"
    # "não quero raciocínio", "n precisa de thinking", "we don't need reasoning": a verb between the "no" and
    # the thinking (it had been read as reasoning on, and sized with a chain of thought)
    r"|\b(?:nao|don'?t|do\s+not)\s+(?:quero|queremos|preciso|precisamos|precisa|precisam|vou|vamos|vai|usar|usa"
    r"|usamos|ligar|ativar|need|want|use)(?:\s+(?:usar|ativar|ligar|de|do|o|a|the|use|any|modo|mode))*\s+"
    r"(?:raciocinio|reasoning|thinking|pensamento)\b"
)
INTENT_PATTERNS = [(intent, regexes.compile(rf"\b{_W('intents.' + intent.value)}\b")) for intent in Intent]
# Copies of the model a customer requires for availability (sizing/data/vocabulary, [replicas]): "3 réplicas",
# "pelo menos 2 cópias do modelo", "replicas: 3". "cópias" (and a bare "réplicas") only when no "dos dados",
# "de segurança", "of the data" follows: that is LGPD or backup talk, not copies of the model.
_REPLICA = _W("replicas.nouns")
# "2 cópias do llama 3.1 8b", "2 copies of qwen3 32b": copies of a model named by its size are the model's.
_NOT_DATA = (
    r"(?!\s+(?:de|dos|das|da|do|of)\s+(?!(?:the\s+|o\s+|a\s+|um\s+|an?\s+|mesmo\s+|same\s+)?(?:modelo|model|llm)\b"
    r"|(?:(?!(?:com|with|e|and|para|for|no|na|em|on|in|dados|data|seguranca|backups?)\b)[\w.-]+\s+){0,3}\d+(?:[.,]\d+)?\s*b\b))"
)
# "2 réplicas do qwen3 32b" are the model's; only a store named after them makes them the data's.
_NOT_DATA_STORE = r"(?!\s+(?:de|dos|das|da|do|of)\s+(?:the\s+|o\s+|a\s+)?(?:dados|data|banco|database|bases?|logs?|backups?)\b)"
REPLICA_COUNT = regexes.compile(
    rf"(?:\b{_W('replicas.at_least')}\s+(?:de\s+|of\s+)?)?(?<![\w.,])(\d{{1,5}})\s*x?\s*"
    rf"(?:{_REPLICA}\b{_NOT_DATA_STORE}|{_W('replicas.copies')}\b{_NOT_DATA})"
    rf"|\b(?:{_W('replicas.question')}\s+(?:de\s+|of\s+)?)?{_REPLICA}\s*[=:]\s*(\d{{1,5}})\b(?![.,]\d)"
)
# "quantas réplicas preciso?", "how many replicas": the load's own count, asked, not a requirement.
REPLICA_QUESTION = regexes.compile(
    rf"\b{_W('replicas.question')}\s+(?:de\s+|of\s+)?(?:{_REPLICA}|{_W('replicas.copies')})\b(?!\s*[=:]\s*\d)"
)
REPLICATED = regexes.compile(rf"\b{_W('replicas.replicated')}\b{_NOT_DATA}")
NO_HA = regexes.compile(rf"\b{_W('replicas.no_ha')}\b")
HA_WORDS = regexes.compile(rf"\b{_W('replicas.ha')}\b")
# "HA" as typed in capitals, or after a word that asks for it ("com ha", "with ha"): lower-case "ha" alone is
# Portuguese "há" without its accent.
HA_SHORT = regexes.compile(r"\bha\b")
_HA_CUE = regexes.compile(
    r"\b(?:com|em|de|para|pra|with|in|for|need|needs|precisa|precisamos|setup|modo|mode|cluster)\s+$"
)
# An availability promised as a share of time: "SLA de 99,9%", "99,95% de disponibilidade", "99.9% uptime".
_SLA = _W("replicas.sla")
SLA = regexes.compile(
    rf"\b{_SLA}\s*(?:de|of|:|=)?\s*(9\d(?:[.,]\d+)?)\s*%|(?<![\w.,])(9\d(?:[.,]\d+)?)\s*%\s*(?:de\s+|of\s+)?{_SLA}\b"
    # "sla 99.9", "SLA de 99,95": nines with their decimals after the word need no "%"
    rf"|\b{_SLA}\s*(?:de|of|:|=)?\s*(9\d[.,]\d+)(?![\d%])"
    # "2 replicas, 99.9%": nines after the point are an availability, unless a share of requests follows
    r"|(?<![\w.,])(99[.,]\d+)\s*%(?!\s*(?:d[oa]s|of|das)\b)"
)
# N+1 (N+2...): copies beyond those the load needs, so that losing one costs no capacity.
SPARE = regexes.compile(r"\bn\s*\+\s*([1-3])\b")
# Copies asked in several zones or regions ("em duas zonas", "multi-region"): we have one region (said).
ZONES = regexes.compile(rf"(?<![\w.,])(\d)\s*{_W('replicas.zones')}\b")
OTHER_ZONE = regexes.compile(rf"\b{_W('replicas.other_zone')}\b")
WORD = regexes.compile(r"[a-z0-9]+(?:[._+/-][a-z0-9]+)*")
HYPHENATED_NAME = regexes.compile(r"^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+){2,}$")
LETTERS = regexes.compile(r"[a-z]+")  # the words a language is recognised by: "10users" says "users"
# ...but a lone letter after a digit is a name's or a unit's ("gpt-4o", "8b", "32k"), no word: "o" of "gpt-4o" had
# made "is llama 70b cheaper than gpt-4o?" Portuguese
_WRITTEN = regexes.compile(r"[a-z]{2,}|(?<![a-z0-9])[a-z]")
NAME_LIKE = regexes.compile(r"^[a-z]{2,}[-_. ]?v?\d+(?:[._-]\w+)*$")
GPU_LIKE = regexes.compile(r"^(?:[a-z]{1,4}\d{2,4}[a-z]{0,3}|rtx\s*\d{3,4}\w*)$")
BLANK_RUNS = regexes.compile(r"\s{2,}")
UNIT_JOINERS = regexes.compile(r"[\s_-]+")
LAST_WORDS = regexes.compile(r"\b[a-z]+\b(?![-_.]?\d)")  # words no version number follows
NOT_BLANKS = regexes.compile(r"\S+")
# "rtx 3090", "tesla t4", "instinct mi300x": a GPU maker's series word and a model number. The catalogue's GPUs
# are taken with the names first; one left here is a GPU we do not size, and its number is no context.
# A GeForce's model number said alone ("numa 3090", "2x 3080 ti") and AMD's Instinct by its number ("AMD
# MI300X") are such GPUs too, never a context of 3,090 tokens.
GPU_SERIES = regexes.compile(
    r"\b(?:geforce\s+)?(?:rtx|gtx|tesla|quadro|instinct|radeon|gaudi)\s*(?:pro\s+)?[a-z]{0,2}\d{1,5}[a-z]{0,3}\b"
    r"(?:\s*(?:ti|super)\b)?"
    r"|(?<![\w.,-])[2-5]0[5-9]0(?:\s*(?:ti|super)\b)?(?![\w.,])|\b(?:amd\s+)?mi\d{3}[a-z]?\b"
    # AMD's Radeon cards by their RX number ("rx 7900 xtx", "radeon rx 6800"): they had been a context of
    # 7,900 tokens
    r"|\b(?:amd\s+)?(?:radeon\s+)?rx\s*\d{3,4}(?:\s*(?:xtx|xt|gre))?\b"
)
# A word right after these names a GPU when it looks like one ("numa t4", "on an a10g", "8x mi300x").
_GPU_CUE = regexes.compile(r"(?:\b(?:numa|na|uma|um|em|on|an|a|gpu|gpus|placa|placas)|\d\s*[x×*]?)\s*$")
_SHORT_GPU = regexes.compile(r"^[a-z]\d{1,3}[a-z]?$")  # "t4", "p4", "a10g"


_INDEXES_OF: dict[int, tuple] = {}


def _indexes(catalog: Catalog) -> dict[str, dict[str, object]]:
    """Normalized names -> entries, as sizing.names resolves them (built once per catalogue)."""
    return _indexes_and_names(catalog)[0]


def _names_index(catalog: Catalog) -> dict[str, tuple[tuple[str, object], ...]]:
    """Every catalogue name a span of a question may be, with what it names: (kind, entry) for each index that
    has it, in _indexes' order, and ("plural", GPU) for a GPU's name with an "s" ("h100s") that is no name of
    its own. One look-up a span, where _names had tried the four indexes and the plural one by one."""
    return _indexes_and_names(catalog)[1]


def _indexes_and_names(catalog: Catalog) -> tuple[dict[str, dict[str, object]], dict]:
    # Kept with the lists they were built from: a catalogue whose list is replaced gets them anew (as name_index).
    cached = _INDEXES_OF.get(id(catalog))
    if (
        cached is not None
        and cached[0] is catalog
        and cached[1] is catalog.models
        and cached[2] is catalog.gpus
        and cached[3] is catalog.precisions
        and cached[4] is catalog.series
    ):
        return cached[5]
    indexes = {
        "model": name_index(catalog.models),
        "gpu": name_index(catalog.gpus),
        "precision": name_index(catalog.precisions),
        "series": name_index(catalog.series),
    }
    combined: dict[str, list] = {}
    for kind, index in indexes.items():
        for key, item in index.items():
            combined.setdefault(key, []).append((kind, item))
    gpus = indexes["gpu"]
    for key, item in gpus.items():
        plural = key + "s"
        if plural not in gpus and len(plural) > 2:  # as _plural_gpu reads one
            combined.setdefault(plural, []).append((_PLURAL, item))
    built = (indexes, {key: tuple(hits) for key, hits in combined.items()})
    _INDEXES_OF[id(catalog)] = (
        catalog,
        catalog.models,
        catalog.gpus,
        catalog.precisions,
        catalog.series,
        built,
    )
    return built


_PLURAL = "plural"  # a GPU's name in the plural, in _names_index


_BUCKETS: dict[int, tuple[Catalog, dict]] = {}


def _closest_name(buckets: dict[str, dict[str, list[str]]], kind: str, candidate: str) -> list[str]:
    """The catalogue name of `kind` a word may be a typo of (difflib's closest above TYPO_CUTOFF), as a list of
    none or one. Kept per word for the buckets it was found in: a question asks it for each word not understood,
    with each size it names, at each of its readings (~0.1 ms each, the same words again)."""
    kept = _CLOSEST.get(id(buckets))
    if kept is None or kept[0] is not buckets or len(kept[1]) >= 4096:
        kept = _CLOSEST[id(buckets)] = (buckets, {})
    close = kept[1].get((kind, candidate))
    if close is None:
        # Typos keep the first letter and roughly the length: compare only with those names.
        near = [k for k in buckets[kind].get(candidate[0], ()) if abs(len(k) - len(candidate)) <= 3]
        close = kept[1][(kind, candidate)] = difflib.get_close_matches(
            candidate, near, n=1, cutoff=TYPO_CUTOFF
        )
    return list(close)  # the caller may empty its copy


_CLOSEST: dict[int, tuple[dict, dict[tuple[str, str], list[str]]]] = {}


def _buckets(catalog: Catalog) -> dict[str, dict[str, list[str]]]:
    """Catalogue name keys by first letter, for quick typo look-ups."""
    cached = _BUCKETS.get(id(catalog))
    if cached and cached[0] is catalog:
        return cached[1]
    buckets: dict[str, dict[str, list[str]]] = {}
    indexes = _indexes(catalog)
    for kind in ("model", "gpu"):
        for key in indexes[kind]:
            buckets.setdefault(kind, {}).setdefault(key[:1], []).append(key)
    _BUCKETS[id(catalog)] = (catalog, buckets)
    return buckets


_UNCATALOGUED: dict[int, tuple[Catalog, dict, frozenset, dict, frozenset]] = {}
_ALNUM_RUNS = regexes.compile(r"[a-z0-9]+")
# "command a partir de amanhã": Portuguese after a name's last word, no name.
_NO_NAME_AFTER = regexes.compile(r"\s+(?:partir|gente)\b")
# A "v" version after a name: another release of it ("deepseek coder v3").
_RELEASE_AFTER = regexes.compile(r"[\s_-]*v\d+(?:\.\d+)*(?![\w.])")


# A version typed after a name ("grok 1", "grok-2"): with it, the name may be an open release of a family whose
# other releases are closed.
_RELEASE_VERSION_AFTER = regexes.compile(r"[\s_-]*\d+(?:\.\d+)?\b")


def _open_release(text: str, start: int, end: int, catalog: Catalog) -> bool:
    """Whether a closed model's name, with the version typed after it, names a model the catalogue sizes or
    knows it does not ([[uncatalogued]]): then it is that open release, not the closed family."""
    version = _RELEASE_VERSION_AFTER.match(text, end)
    key = normalize(text[start : version.end() if version else end])
    return key in name_index(catalog.models) or key in _uncatalogued_names(catalog)[0]


def _uncatalogued_names(catalog: Catalog) -> tuple[dict, frozenset, dict, frozenset]:
    """The models the catalogue knows it does not size (models.toml, [[uncatalogued]]): normalized name ->
    entry, the first words of their names (a cheap cue that one may be in the question), normalized name
    shared by two models -> entry, and every name of both kinds (once per catalogue, not once per word read)."""
    cached = _UNCATALOGUED.get(id(catalog))
    if cached and cached[0] is catalog:
        return cached[1:]
    entries = catalog.uncatalogued
    # Positions in the catalogue's list, kept beside the kept catalogue (sizing/catalog.py kept_index).
    at_names, firsts, at_shared = kept_index(
        entries, "uncatalogued", lambda: _uncatalogued_keys(entries), _SOURCES
    )
    names = {name: entries[at] for name, at in at_names.items()}
    shared = {name: entries[at] for name, at in at_shared.items()}
    known = frozenset(names.keys() | shared.keys())
    _UNCATALOGUED[id(catalog)] = (catalog, names, firsts, shared, known)
    return names, firsts, shared, known


def _uncatalogued_keys(entries) -> tuple[dict[str, int], frozenset[str], dict[str, int]]:
    names = {normalize(n): at for at, u in enumerate(entries) for n in (u.name, *u.aliases)}
    shared = {normalize(n): at for at, u in enumerate(entries) for n in u.shared_names}
    firsts = frozenset(
        _ALNUM_RUNS.findall(strip_accents(n).lower())[0]
        for u in entries
        for n in (u.name, *u.aliases, *u.shared_names)
    )
    return names, firsts, shared


def _uncatalogued(scan: _Scan, catalog: Catalog) -> None:
    """A model the catalogue knows it does not size, named ("pixtral large", "llama 4 behemoth"): said so,
    with similar catalogue models and its repo to paste; never another model of its family sized in its
    place ("pixtral large" had been Pixtral 12B with “large” not understood)."""
    names, firsts, shared, known = _uncatalogued_names(catalog)
    if not prefilter.any_in(firsts, scan.work, scan.pieces_now()):
        return
    spans = scan.spans()
    models = name_index(catalog.models)
    found = next(
        ((start, end) for start, end, _, key in spans
         if key in known
         and not _NO_NAME_AFTER.match(scan.work, end)
         # "deepseek coder v3": another release than the one listed, which the catalogue says it does not know
         and not _RELEASE_AFTER.match(scan.work, end)
         # a name inside a catalogue model's longer one ("nemotron ultra 253b", "deepseek coder v2 lite") is
         # that model's
         and not any(s <= start and e >= end and (s, e) != (start, end)
                     and other in models for s, e, _, other in spans)),
        None,
    )  # fmt: skip
    if found is None:
        return
    if (key := normalize(scan.work[found[0] : found[1]])) in shared and key not in names:
        # "nemotron ultra": two models bear the name; which one is the question to answer first
        entry, typed = shared[key], scan.original[found[0] : found[1]].strip()
        both = [catalog.model(i).name for i in entry.shared_with]
        raise QueryError("query.shared_name", hint=None, typed=typed, models=", ".join(both), name=entry.name,
                         size=entry.size, example=_example(scan.original, typed, both[0]))  # fmt: skip
    entry = names[normalize(scan.work[found[0] : found[1]])]
    if own_size := _OWN_SIZE_AFTER.match(scan.work, found[1]):
        # "mamba 7b": the size said after the name is the one asked for, which picks the repo (or none)
        found = (found[0], own_size.end())
    typed = scan.original[found[0] : found[1]].strip()
    similar = ", ".join(catalog.model(i).name for i in entry.similar)
    if not entry.released:
        example = _example(scan.original, typed, catalog.model(entry.similar[0]).name)
        raise QueryError("query.unreleased", hint="query.uncatalogued", name=entry.name, size=entry.size,
                         similar=similar, example=example, typed=typed)  # fmt: skip
    if entry.hub_refuses:
        # "zamba2 7b": the reader refuses its repo's files too, so none is offered to paste
        example = _example(scan.original, typed, catalog.model(entry.similar[0]).name)
        raise QueryError("query.uncatalogued", hint="query.uncatalogued_hub_refuses", name=entry.name,
                         size=entry.size, similar=similar, example=example, typed=typed, why=entry.reason,
                         hub_why=entry.hub_refuses)  # fmt: skip
    if entry.repo and (repo := _named_repo(typed, (entry.repo, *entry.repos), entry.size)):
        example = _example(scan.original, typed, repo).replace(repo.lower(), repo)
        raise QueryError("query.uncatalogued", hint="query.uncatalogued_repo", name=entry.name, size=entry.size,
                         similar=similar, example=example, typed=typed, why=entry.reason, repo=repo)  # fmt: skip
    if entry.repo:
        # a size or variant no known repo names ("deepseek llm 13b"): which repo is meant is the user's to say
        repos = ", ".join(f"`{r}`" for r in (entry.repo, *entry.repos))
        raise QueryError("query.uncatalogued", hint="query.uncatalogued_which_repo", name=entry.name,
                         size=entry.size, similar=similar, typed=typed, repos=repos, why=entry.reason)  # fmt: skip
    example = _example(scan.original, typed, catalog.model(entry.similar[0]).name)
    raise QueryError("query.uncatalogued", hint="query.uncatalogued", name=entry.name, size=entry.size,
                     similar=similar, example=example, typed=typed, why=entry.reason)  # fmt: skip


_REPO_TOKENS = regexes.compile(r"\d+(?:\.\d+)*[bkm]?(?![a-z])|\d+|[a-z]+")
_REPO_SIZE = regexes.compile(r"\d+(?:\.\d+)?[bm]")


def _repo_tokens(name: str) -> set[str]:
    """ "AI21-Jamba-1.5-Large" -> {ai, 21, jamba, 1.5, large}: a repo's (or a typed name's) words and numbers,
    "internlm2_5" read as the "2.5" it writes."""
    name = re.sub(r"(?<=\d)_(?=\d)", ".", strip_accents(name.rsplit("/", 1)[-1]).lower())
    return set(_REPO_TOKENS.findall(name))


def _repo_size(token: str) -> float:
    return float(token[:-1]) * (1e-3 if token.endswith("m") else 1)


def _size_in(typed: str, tokens: set[str]) -> bool:
    """A size typed as its makers round it: "moondream 2b" is moondream2's 1.9B, "deepseek coder 7b" its 6.7B."""
    return any(abs(_repo_size(t) / _repo_size(typed) - 1) <= 0.1 for t in tokens if _REPO_SIZE.fullmatch(t))


def _named_repo(typed: str, repos: tuple[str, ...], size: str) -> str | None:
    """Of a family's repos (the default first), the one a typed name means: every size ("33b") and every word
    or number that tells the repos apart ("large", "1.5") it typed is in the repo's name, the most of them
    winning; None when no repo names them all. A word no repo has ("instruct", "ai") tells nothing. A repo
    whose name says no size is the family's largest of `size` ("bigscience/bloom": "560M-176B")."""
    tokens = [_repo_tokens(r) for r in repos]
    largest = set(sorted(_REPO_SIZE.findall(size.lower()), key=_repo_size)[-1:])
    sized = [r if any(_REPO_SIZE.fullmatch(t) for t in r) else r | largest for r in tokens]
    typed_tokens = _repo_tokens(typed)
    told = {t for t in typed_tokens if _REPO_SIZE.fullmatch(t) or any(t in r for r in tokens)}
    # a size its name says beats the one a nameless repo is taken to have ("t5 11b": t5-11b, not flan-t5-xl)
    fitting = [(len(typed_tokens & r), -at) for at, (r, s) in enumerate(zip(tokens, sized, strict=True))
               if all(t in s or (_REPO_SIZE.fullmatch(t) and _size_in(t, s)) for t in told)]  # fmt: skip
    return repos[-max(fitting)[1]] if fitting else None


# -- parse -------------------------------------------------------------------------------------------


SCIENTIFIC = regexes.compile(r"(?<![\w.,])\d+(?:\.\d+)?[eE]\+?\d{1,2}(?![\w.,])")


def _plain_number(m: re.Match) -> str:
    value = float(m.group(0))
    return str(int(value)) if value == int(value) and 1 <= value <= 1e15 else m.group(0)


# "10^6 tokens", "10**9", "10⁹", "2 x 10^9", "1,5 × 10^6": a power of ten, written out as the plain number
# (read as "1e6" is). Tried only when a caret, "**" or a superscript digit is in the text.
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
POWER_OF_TEN = regexes.compile(
    rf"(?<![\w.,])(?:(\d+(?:[.,]\d+)?)\s*[x×*·]\s*)?10\s*(?:(?:\^|\*\*)\s*\+?(\d{{1,2}})|([{_SUPERSCRIPTS}]{{1,2}}))(?![\w.,^])"
)
_POWER_CUES = ("^", "**", *_SUPERSCRIPTS)


def _power_of_ten(m: re.Match) -> str:
    exponent = int(m.group(2) or m.group(3).translate(str.maketrans(_SUPERSCRIPTS, "0123456789")))
    value = float((m.group(1) or "1").replace(",", ".")) * 10**exponent
    return str(int(value)) if value == int(value) and 1 <= value <= 1e15 else m.group(0)


# The blanks before the separator are each way's own, not one \s* shared by three ways (the same texts): shared,
# every split of a long run of blanks after a size was tried before failing (~2 s on a padded question).
ACTIVE_SIZE = regexes.compile(
    r"(?<![\w.,])(\d+(?:\.\d+)?)\s*b(?:\s+(?:total|totais|no\s+total|in\s+total))?(?:\s*,\s*|\s+(?:com|with|e|and)\s+|\s*\(\s*)"
    r"(\d+(?:\.\d+)?)\s*b\s+(?:de\s+)?(?:ativos|ativados|active|activated|activos)\b(?:\s*\))?",
    re.IGNORECASE,
)
# A mixture of experts' size with its active parameters in millions, as IBM names Granite 3.0's
# ("granite-3.0-3b-a800m-instruct", "1b-a400m").
ACTIVE_MILLIONS = regexes.compile(
    r"(?<![\w.,])(\d+(?:\.\d+)?)\s*b\s*-?\s*a(\d+(?:\.\d+)?)\s*m(?![\w.])", re.IGNORECASE
)


def _active_in_billions(m: re.Match) -> str:
    text, start, end = m.string, m.start(), m.end()
    word = text[text.rfind(" ", 0, start) + 1 : (text.find(" ", end) + 1 or len(text) + 1) - 1]
    if "/" in word:  # a Hub repo's id is read as typed ("ibm-granite/granite-3.0-1b-a400m-instruct")
        return m.group(0)
    return f"{m.group(1)}b-a{float(m.group(2)) / 1000:g}b"


# Emoji as chat apps write them (https://docs.slack.dev/messaging/formatting-message-text, "Emoji"; GitHub,
# Discord and Teams write them alike): ":pray:", ":+1::skin-tone-2:", a run typed together (":pray::pray:"),
# and one glued to the word before it ("70b:pray:": Slack writes an emoji picked after a word so). Glued, the
# name must start as no number does, so "10:30:45" stays a time; names are lower case, so "GPU:H100:" is text.
EMOJI_CODES = regexes.compile(r"(?:(?<![\w:])|(?<=\w)(?=:[a-z+-]))(?::[a-z0-9_+'-]+:)+(?!\w)")
# Characters that take no space (zero-width space, non-joiner, joiner, word joiner, byte-order mark, soft hyphen):
# pasted along from documents and chat apps, and left by str.strip, which counts none of them as blank.
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
INVISIBLE = dict.fromkeys(map(ord, ZERO_WIDTH))
# Hyphens other keyboards and editors type ("Llama‑3.1‑70B" with U+2011, a minus sign) are the hyphen.
INVISIBLE.update(dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2212\ufe63\uff0d"), "-"))
# A JSON object's quotes and braces pasted from a config ({"users": 50}) are no part of any word (read once
# vLLM's --speculative-config, whose JSON is read as such, has been taken).
JSON_MARKS = dict.fromkeys(map(ord, '"{}'), " ")


# A choice between two models ("llama 70b em 4 bits ou qwen 32b em bf16?", "70b or 32b", "llama 70b vs qwen
# 32b"): the word before the second, and the precision said right after it, which goes with it.
_OR_WORDS = (
    r"ou|or|vs\.?|versus|comparado\s+(?:com|ao|a)|compared\s+(?:to|with)|em\s+vez\s+d[oea]|instead\s+of"
)
# "gemma 3 27b x mistral small 3.2" (Brazil's "x" for "versus"), "quantizar o llama 70b ... ou usar o qwen3 32b"
# (a verb after the "or"): each had been refused as two models.
MODEL_OR = regexes.compile(
    # Spanish "llama 8b o qwen 8b": its "o" is "or" only right after a size or a version, where Portuguese's
    # article "o" never stands ("servir o qwen 32b" still names one model).
    r"(?:(?<=\d)|(?<=\d[bm]))\s+o(?:\s+(?:el|la|un|una))?\s+$|"
    rf"\s*,?\s*\b(?:{_OR_WORDS}|ou\s+(?:o|a|um|uma|d[oa]|n[oa]|pel[oa])|or\s+(?:the|a|an|of\s+the|on\s+the)|(?:vs\.?|versus)\s+(?:o|a|the)|x"
    r"|(?:ou|or)\s+(?:usar|rodar|pegar|escolher|ficar\s+com|ir\s+de|use|run|go\s+with|pick)(?:\s+(?:o|a|um|uma|the|an))?"
    # "do we really need 70b or would 8b be enough?", "ou será que o 8b resolve?": the other asked of in its own
    # question (it had been refused as two models)
    r"|or\s+(?:would|could|will|does|is|can|maybe)(?:\s+(?:the|a|an))?|ou\s+(?:ser[aá]\s+que|talvez)(?:\s+(?:o|a|um|uma))?"
    # "lora do llama 3.1 8b ou do qwen2.5 14b": the preposition said again before the other model (it had been
    # refused as a contradiction)
    # "..., e se o granite 4.0 h small seria melhor", "and whether the qwen3 32b would be better": weighed too
    r"|(?:e|ou)\s+se\s+(?:o|a|um|uma)|and\s+(?:if|whether)\s+(?:the|a|an)"
    # "would a 4-bit 70b beat an 8b", "is qwen3 32b better than llama 70b", "o qwen 32b é melhor que o llama
    # 70b": one weighed against the other (each had been refused as two models)
    r"|(?:better|worse|smarter|faster|cheaper|melhor(?:es)?|pior(?:es)?|mejor(?:es)?|peor(?:es)?)\s+(?:do\s+)?(?:than|que)"
    r"|beats?|outperforms?|supera|superaria|ganha\s+d[eoa])(?:\s+(?:the|a|an|o|a|um|uma))?\s+$"
)
# "a diferença entre o qwen 72b em int4 e o qwen 32b", "compare llama 70b and qwen 32b": an "and" between two
# models is a choice too when the question compares them.
MODEL_AND = regexes.compile(
    r"\s*,?\s*\b(?:e|and|com|with|to|alongside|along\s+with|junto\s+(?:com|ao|a)|ao\s+lado\s+d[oa]|y|con)"
    r"(?:\s+(?:o|a|um|uma|the|an|el|la|un|una))?\s+$"
)
# The comma (or semicolon) before one more model served together, with the role named after it: "llama 8b,
# qwen 7b e mistral 7b juntos"; "roteador qwen3 4b, modelo principal llama 3.3 70b" (or "e modelo principal");
# "router: qwen3 4b; main model: llama 70b".
_ROLE = (
    r"(?:o\s+|a\s+|the\s+)?(?:modelo\s+principal|main\s+model|roteador|router|orquestrador|orchestrator"
    r"|principal|main)\s*[:=]?\s*"
)
_LIST_COMMA = regexes.compile(rf"\s*[,;]\s*(?:(?:e|and)\s+)?(?:{_ROLE})?$|\s+(?:e|and)\s+{_ROLE}$")
COMPARING = regexes.compile(r"\b(?:entre|between|compar[a-z]*|diferen[a-z]*|difference)\b", re.IGNORECASE)
# Two models on the same GPU ("dá pra rodar dois modelos na mesma gpu? llama 8b e qwen 7b", "llama 8b and
# qwen 7b together on one L40S"): an "e"/"and" between them offers them together, sized side by side and summed
# ("na mesma h100", "on the same l40s" too).
# The words that say it whatever else is said (_chosen_between: an "ou" between the models does not undo them)
_TOGETHER_SAID = (
    r"juntos|juntas|mesma\s+(?:gpu|placa|maquina|máquina|[a-z]{1,4}\d{2,4}[a-z]?)|mesmo\s+servidor|"
    r"together|same\s+(?:gpu|card|machine|server|[a-z]{1,4}\d{2,4}[a-z]?)|"
    r"alongside|along\s+with|junto|em\s+conjunto|ao\s+lado\s+d[oa]"
)
TOGETHER = regexes.compile(
    rf"\b(?:{_TOGETHER_SAID}|(?:[2-4]|dois|tres|três|quatro)\s+modelos|(?:[2-4]|two|three|four)\s+models|"
    r"side\s+by\s+side|lado\s+a\s+lado|"
    # "llama 8b como roteador e qwen3 32b como principal": a router in front of the main model, both served
    r"roteador|router|modelo\s+principal|main\s+model|como\s+principal|as\s+(?:the\s+)?main)\b",
    re.IGNORECASE,
)
# "qwen3 235b + qwen3 4b", "qwen3 4b router plus qwen3 32b", "qwen3 4b decide e manda pro qwen3 235b": a
# router (or agent) and the model it hands off to, served together; the joint right before the second model.
MODEL_PAIR = regexes.compile(
    r"\s*,?\s*(?:\+|&|->|→|\bplus|\be\s+(?:manda|envia|passa|encaminha|repassa|delega)\s+(?:pro|pra|para(?:\s+[oa])?|ao|à)"
    r"|\band\s+(?:sends?|routes?|hands?(?:\s+off)?|pass(?:es)?|forwards?|delegates?)(?:\s+(?:it|them))?\s+to"
    # "llama 8b junto do qwen 7b", "ao lado do", "alongside", "together with": the second served beside the first
    r"|\bjunto\s+(?:com|ao|à|a|d[oa])|\bem\s+conjunto\s+com|\bao\s+lado\s+d[oa]|\balongside(?:\s+of)?"
    r"|\b(?:along|together)\s+with)"
    r"(?:\s+(?:o|a|um|uma|the|an))?\s+$",
    re.IGNORECASE,
)
# A guard, a filter or a classifier in front of the main model, in one serving pipeline ("llama guard 3 8b como
# filtro antes do llama 3.3 70b", "o llama guard na entrada e o qwen 32b pra responder", "llama guard then llama
# 70b"): both served together, as "juntos" says (they had been refused as a contradiction). Llama Guard's model
# card describes it as a classifier of a chat's input and output, run beside the model that answers. Over
# accent-free lower-case text, as the vocabulary's words are.
PIPELINE_ROLE = regexes.compile(rf"\b{_W('words.pipeline_roles')}\b")
PIPELINE_JOINT = regexes.compile(
    rf"\s*,?\s*\b{_W('words.pipeline_joints')}"
    r"(?:\s+(?:o|a|um|uma|the|an))?\s+$"
)


def _pipeline_said(text: str, at: int) -> bool:
    """Whether the model that starts at `at` is served in one pipeline with the one before it: a pipeline word
    right before it ("antes do", "then", "in front of"), or a role anywhere ("filtro", "guardrail", "na
    entrada"), unless an "ou"/"or" offers it as a choice ("qual o melhor filtro: llama guard ou qwen 7b?")."""
    if MODEL_OR.search(text, max(0, at - 30), at) or COMPARING.search(text, 0, at):
        return False
    plain = strip_accents(text.lower())
    if PIPELINE_JOINT.search(plain, max(0, at - 40), at):
        return True
    # "2.000 tokens na entrada" is the prompt's length, not a model's place in the pipeline
    return any(not _TOKENS_BEFORE.search(plain, 0, m.start()) for m in PIPELINE_ROLE.finditer(plain))


# The counts that end a follow-up, after "em"/"on"/"com" ("e em fp8 em 2 ou 4?"), with no unit of their own.
BARE_COUNTS_AT_END = regexes.compile(
    r"(\b(?:em|on|in)\s+(?:[1-9]|[1-5]\d|6[0-4])(?:(?:\s*,\s*|\s+(?:ou|or|e|and)\s+)(?:[1-9]|[1-5]\d|6[0-4]))*)"
    r"(\s*[?!.]*\s*)$",
    re.IGNORECASE,
)
_NOTHING_BEFORE = regexes.compile(
    r"\W*(?:(?:e|and|e\s+se\s+for|and\s+if|what\s+about|how\s+about)\W*)?$", re.IGNORECASE
)
_TOKENS_BEFORE = regexes.compile(r"\b(?:tokens?|palavras|words|caracteres|characters|prompts?|k)\s*$")
# Models tried one after another ("primeiro testar o llama 8b, depois o qwen 7b", "first try llama 8b, then qwen
# 7b if it is not good"): each evaluated in turn. Over accent-free lower-case text, as the vocabulary's words are.
TRIAL = regexes.compile(rf"\b{_W('words.trials')}\b")
TRIAL_JOINT = regexes.compile(
    rf"\s*,?\s*\b{_W('words.trials')}\s*,?(?:\s+(?:then|depois|entao|o|a|um|uma|the|an|try|testar|teste))*\s+$"
)
# What says models run together whatever else is said: "juntos", "na mesma gpu", "together", "alongside"; not
# the roles a router and its main model have, which a choice between two routers names too.
_TOGETHER_PLAINLY = regexes.compile(rf"\b(?:{_TOGETHER_SAID})\b")


# "is llama 70b overkill for 20 users? would 8b do?", "70b é exagero? o 8b dá conta?": the first model said too big,
# the second offered in a question of its own; weighed side by side (sizing/compare.py) as "70b vs 8b" is. The
# joint is the end of the first question and what asks of the second; over accent-free lower-case text.
OVERKILL = regexes.compile(rf"\b(?:{_W('words.overkill')})\b")
OVERKILL_JOINT = regexes.compile(
    rf"[?.;,]\s*(?:(?:{_W('words.would_do')})\s+)*(?:(?:the|an?|o|a|um|uma)\s+)?$"
)


def _chosen_between(text: str, at: int) -> bool:
    """Whether the models are offered to choose between, not served together, though a role or a joint would
    pair them: an "ou"/"or"/"vs" right before the model at `at` ("qual o melhor router: llama 8b ou qwen 7b?":
    a choice of routers), or each tried in turn ("primeiro testar o llama 8b, depois o qwen 7b"). Words that
    say they run together ("juntos", "na mesma gpu", "ao mesmo tempo", one GPU shared) and a pipeline's roles
    ("como filtro antes do") keep them served together."""
    plain = strip_accents(text.lower())
    if _TOGETHER_PLAINLY.search(plain) or SHARED.search(plain):
        return False
    if any(not AT_ONCE_PEOPLE.search(text[: m.start()]) for m in AT_ONCE.finditer(text)):
        return False
    if at > 0 and MODEL_OR.search(text, max(0, at - 30), at):
        return True
    roles = any(not _TOKENS_BEFORE.search(plain, 0, m.start()) for m in PIPELINE_ROLE.finditer(plain))
    return bool(TRIAL.search(plain)) and not roles


# Words that make models named with "e"/"and" a pair served together: a router and the model behind it.
PAIR_ROLES = regexes.compile(
    r"\b(?:router|roteador|roteadora|roteamento|routing|orquestrador|orchestrator|principal|main\s+model)\b",
    re.IGNORECASE,
)
_PAIR_CUES = ("+", "&", "->", "→", "plus", "manda", "envia", "passa", "encaminha", "repassa", "delega", "send",
              "route", "hand", "pass", "forward", "delegate", "rotead", "orquestr", "orchestr", "principal",
              "main")  # fmt: skip


# "ao mesmo tempo", "at the same time": the models at once, unless it is the users who are ("50 usuários ao
# mesmo tempo" is concurrency, said of people or requests right before it).
AT_ONCE = regexes.compile(
    r"\b(?:ao\s+mesmo\s+tempo|em\s+simult[aâ]neo|simultaneamente|at\s+the\s+same\s+time|simultaneously)\b",
    re.IGNORECASE,
)
AT_ONCE_PEOPLE = regexes.compile(
    r"\b(?:usu[aá]rios?|utilizadores?|pessoas|clientes|users?|people|customers|requisi[cç][oõ]es|pedidos|"
    r"requests|conversas|conversations|sess[oõ]es|sessions|chamadas|calls|agentes|agents)\W+(?:\w+\W+)?$",
    re.IGNORECASE,
)


# One GPU shared ("compartilhar uma h100 entre o llama 8b e o qwen 7b", "can llama 8b and qwen 7b share a gpu?",
# "uma L40S partilhada", "a shared h100"): the models named run on it together, as "na mesma gpu" says (they
# had been sized as a choice between them). The sharing word is the vocabulary's (words.share); the GPU is a
# GPU word or a name such as "h100", right after it (a few words between) or right before it.
_GPU_NOUN = r"(?:gpus?|placas?|maquinas?|servidor(?:es)?|cards?|machines?|servers?|[a-z]{1,4}\d{2,4}[a-z]?)"
# "um orçamento de 4 h100 por 6 meses": "orçamento" is a quote asked for, and the number counts the GPUs after it
# (it had been a budget of R$ 4,00, and the price of 1× H100).
_GPUS_COUNTED_AFTER = regexes.compile(rf"\s*(?:x\s*|×\s*)?{_GPU_NOUN}\b")
SHARED = regexes.compile(
    rf"\b{_W('words.share')}(?:\s+[\w-]+){{0,3}}?\s+{_GPU_NOUN}\b|\b{_GPU_NOUN}\s+{_W('words.share')}\b"
)


def _together_said(text: str) -> bool:
    """Whether the models of a question are served together: "juntos", "na mesma gpu", "ao mesmo tempo" (not
    of users), one GPU shared ("compartilhar uma h100"), or a router and the model it hands off to ("+",
    "plus", "e manda pro", "router")."""
    if TOGETHER.search(text) or SHARED.search(strip_accents(text)):
        return True
    if any(not AT_ONCE_PEOPLE.search(text[: m.start()]) for m in AT_ONCE.finditer(text)):
        return True
    lowered = text.lower()
    if not any(cue in lowered for cue in _PAIR_CUES):  # the regexes only run on a cue word
        return False
    return bool(
        PAIR_ROLES.search(text)
        or re.search(
            r"[+&→]|->|\bplus\b|\b(?:e|and)\s+(?:manda|envia|passa|"
            r"encaminha|repassa|delega|sends?|routes?|hands?|pass(?:es)?|forwards?|delegates?)\b",
            text,
            re.I,
        )
    )


def _routed_said(text: str) -> bool:
    """Whether models served together are a router and the model it hands off to ("como roteador", "router",
    "e manda pro", "routes to"): the router sees every request (sizing/together.py says so)."""
    return bool(PAIR_ROLES.search(text) or HAND_OFF.search(text))


HAND_OFF = regexes.compile(
    r"\b(?:e|and)\s+(?:manda|envia|passa|encaminha|repassa|delega|sends?|routes?|hands?|pass(?:es)?|forwards?|"
    r"delegates?)\b",
    re.IGNORECASE,
)
# A rate said of one of the models served together ("o 8b com 100 req/min e o 32b com 20 req/min", "the router
# at 300 rpm and the main model at 50 rpm"): the model by its size, its name or its role, then the rate with a
# unit of time (sizing/data/traffic_words.toml reads its value).
_RATE_ROLE = r"(?:modelo\s+)?(?:roteador|router|orquestrador|orchestrator|principal|main(?:\s+model)?)"
MODEL_RATE = regexes.compile(
    r"(?<![\w.,])(?:(?:o|a|the)\s+)?(?P<ref>" + _RATE_ROLE + r"|[a-z][a-z0-9.]*(?:[\s-]+\d+(?:[.,]\d+)?\s*b)?"
    r"|\d+(?:[.,]\d+)?\s*b)\s*(?:,\s*)?(?:com|recebe(?:ndo)?|atende(?:ndo)?|with|at|gets|getting|handles|handling|"
    r"receives|receiving|takes|taking|a|em|de|of|:|=)\s+(?P<rate>\d+(?:[.,]\d+)?\s*(?:k|mil)?\s*"
    r"(?:(?:req(?:uisi[cç](?:[oõ]es|[aã]o))?s?\.?|requests?|pedidos?|chamadas?|calls?|consultas?|queries|query|"
    r"mensagens?|messages?)\s*)?(?:(?:/\s*|\s+(?:por|per|a|an|ao)\s+)(?:s|seg(?:undo)?s?|sec(?:ond)?s?|min(?:uto|ute)?s?|"
    r"h|hr|hora|hour)\b|(?:rpm|rps|qps)\b))",
    re.IGNORECASE,
)
# MODEL_RATE for a text in ASCII lower case, where its letters match only their lower case: the same matches,
# each found without folding the case of every character it tries (~3x quicker). Every question is looked
# for one, and this was the costliest pattern a fresh question ran (~15 µs of ~1.4 ms reading it).
MODEL_RATE_LOWER = regexes.compile(MODEL_RATE.pattern)


# What MODEL_RATE's rate needs: a unit (each begins with s, m or h) after "/", "por", "per", "a", "an" or "ao",
# or a shorthand (rpm, rps, qps). Every question is looked for a rate per model and nearly none says one: this
# says so ~2.5x quicker than MODEL_RATE (~2.3 against ~5.7 us over the fresh level's questions).
_MODEL_RATE_CUE = regexes.compile(r"/|rp[ms]|qps|\b(?:por|per|an?|ao)\s+[smh]", re.IGNORECASE)


def _rate_per_model_said(text: str) -> bool:
    if _MODEL_RATE_CUE.search(text) is None:
        return False
    if text.isascii():
        return MODEL_RATE_LOWER.search(text.lower()) is not None
    return MODEL_RATE.search(text) is not None


_ROUTER_WORD = regexes.compile(r"\b(?:roteador|router|orquestrador|orchestrator)\b", re.IGNORECASE)
_MAIN_WORD = regexes.compile(r"\b(?:principal|main)\b", re.IGNORECASE)


def _rates_per_model(text: str, catalog: Catalog | None) -> Query | None:
    """ "llama 8b como roteador e qwen3 32b como principal, 8b com 100 req/min e o 32b com 20 req/min": models
    served together, each with its own rate (Workload.model_rates; the first's is its workload's rate). The
    rates are read apart and the rest of the question as any; None when the question is not models served
    together, or a rate names no one of them (a size, a name or a role that fits none or two), which leaves
    the question to be read as typed (it had been "O pedido se contradiz": the sizes said again were read as
    more models)."""
    said = list(MODEL_RATE.finditer(text))
    rest = text
    for m in reversed(said):
        rest = rest[: m.start()] + " " + rest[m.end() :]
    try:
        query = parse(rest, catalog)
    except QueryError:
        return None
    if not query.together or not query.model_choices or query.workload is None:
        return None
    try:
        ids = [query.workload.model, *(_parse_text(c, catalog).workload.model for c in query.model_choices)]
    except (QueryError, AttributeError):
        return None
    rates: list[float | None] = [None] * len(ids)
    periods: list[float | None] = [None] * len(ids)
    for m in said:
        i = _model_of(m.group("ref"), ids, rest, query.routed)
        if i is None or rates[i] is not None:
            return None
        try:
            read = _parse_text(f"{query.workload.model} {m.group('rate')}", catalog).workload
        except QueryError:
            return None
        if read is None or not read.rate_per_s:
            return None
        rates[i], periods[i] = read.rate_per_s, read.rate_period_s
    w = query.workload
    changes: dict = {"model_rates": rates, "model_rate_periods": periods}
    if rates[0] is not None:
        changes |= {"rate_per_s": rates[0], "rate_period_s": periods[0]}
    query.workload = w.but(**changes)
    return query


def _model_of(ref: str, ids: list[str], text: str, routed: bool) -> int | None:
    """Which of the models served together (catalogue ids, the first one's first) a rate's words name: its
    role ("roteador": the router, the one named first unless the main model's role is said first), or its size
    and name ("8b", "qwen", "qwen3 32b": every word found in exactly one model's id); None when none or more
    than one fits."""
    ref = ref.lower().strip()
    role = _ROUTER_WORD.search(ref) or _MAIN_WORD.search(ref)
    if role is not None:
        if not routed or len(ids) != 2:
            return None
        router = _ROUTER_WORD.search(text)
        main = _MAIN_WORD.search(text)
        first_is_router = router is not None and (main is None or router.start() < main.start())
        if router is None and main is not None:
            first_is_router = False
        wants_router = _ROUTER_WORD.search(ref) is not None
        return 0 if wants_router == first_is_router else 1
    words = re.findall(r"\d+(?:[.,]\d+)?\s*b\b|[a-z][a-z0-9.]*", ref)
    words = [w.replace(" ", "").replace(",", ".") for w in words]
    if not words:
        return None
    fits = [
        i
        for i, model in enumerate(ids)
        if all(any(part == w or (not w[0].isdigit() and part.startswith(w)) for part in model.lower().split("-"))
               for w in words)
    ]  # fmt: skip
    return fits[0] if len(fits) == 1 else None


def _as_typed(query: Query, rewritten: list[tuple[str, str]]) -> None:
    """The words the reader put in for a date ("até 24 dias" for "até o fim do ano", sizing/deadlines.py) or a
    spelling after a number ("10 %" for "10 por cento", chat_shorthand) put back as typed wherever the answer quotes
    the question (the growth's "8% monthly growth within 24 days" had been quoted so, words the customer never
    wrote)."""

    def back(value):
        if isinstance(value, str):
            for said, typed in rewritten:
                value = value.replace(said, typed)
            return value
        if isinstance(value, tuple):
            return tuple(back(v) for v in value)
        return value

    for field in query.__struct_fields__:
        value = getattr(query, field)
        if isinstance(value, list) and value:
            setattr(query, field, [back(v) for v in value])


# A size of a release in models.toml's [release_sizes] ("granite 3.0 3b", "granite-3.1-8b"): its name, the
# version's separators as people type them, and a size not already a mixture of experts' ("3b-a800m").
_RELEASE_SIZE_OF = r"(?<![\w.-]){name}[\s_-]*{version}[\s_-]+(?:(?:de|of)\s+)?(?P<size>\d+(?:[.,]\d+)?)\s*(?P<unit>[bm])\b(?![\s-]*a\d)"
_PUBLISHED_SIZE = regexes.compile(
    r"(?P<n>\d+(?:\.\d+)?)(?P<unit>[bm])(?:-a(?P<a>\d+(?:\.\d+)?)(?P<aunit>[bm]))?$"
)


_RELEASE_PATTERNS: dict[int, tuple[Catalog, tuple]] = {}


def _release_patterns(catalog: Catalog) -> tuple[tuple[str, re.Pattern, str], ...]:
    """Each release's name, its pattern and its word, kept by catalogue (built once, not each question)."""
    kept = _RELEASE_PATTERNS.get(id(catalog))
    if kept is not None and kept[0] is catalog:
        return kept[1]
    found = []
    for name in catalog.release_sizes:
        word, _, version = name.lower().rpartition(" ")
        pattern = _RELEASE_SIZE_OF.format(name=re.escape(word), version=re.escape(version))
        found.append((name, regexes.compile(pattern, re.IGNORECASE), word))
    _RELEASE_PATTERNS[id(catalog)] = (catalog, tuple(found))
    return _RELEASE_PATTERNS[id(catalog)][1]


def _published_total(size: str) -> tuple[float, bool] | None:
    """A published size's total parameters, and whether it is a mixture of experts' ("3B-A800M": 3e9, True)."""
    m = _PUBLISHED_SIZE.match(size.lower())
    if m is None:
        return None
    return float(m["n"]) * (1e9 if m["unit"] == "b" else 1e6), m["a"] is not None


def _release_size(text: str, catalog: Catalog) -> tuple[str, str, str] | None:
    """The text with a release's size that only its mixture of experts has written as that one's ("granite 3.0 3b":
    "granite 3.0 3b-a800m", sized by its total and active parameters; it had been a dense 3B, Llama 3.2 3B), with
    (as typed, what it is read as); None when no such size is said. A size the release has none of is refused
    with the sizes it has ("granite 3.0 5b")."""
    if not catalog.release_sizes:
        return None
    lower = _folded(text)  # its word is the prefilter: ~1 question in 1,000 names a release of the table
    for name, pattern, word in _release_patterns(catalog):
        if word not in lower or (m := pattern.search(text)) is None:
            continue
        typed = float(m["size"].replace(",", ".")) * (1e9 if m["unit"].lower() == "b" else 1e6)
        sizes = catalog.release_sizes[name]
        totals = {size: _published_total(size) for size in sizes}
        same = [size for size, got in totals.items() if got and abs(got[0] / typed - 1) <= FAMILY_SAME_SIZE]
        if any(not totals[size][1] for size in same):
            return None  # a dense size of its own ("granite 3.0 8b"): sized by its size, as before
        if len(same) == 1:
            moe = same[0]
            return (
                text[: m.start("size")] + moe.lower() + text[m.end("unit") :],
                m.group(0),
                f"{name} {moe}",
            )
        nearest = min(
            (size for size in sizes if totals[size]), key=lambda size: abs(math.log(totals[size][0] / typed))
        )
        typed_size = text[m.start("size") : m.end("unit")]
        example = text[: m.start("size")] + nearest.lower() + text[m.end("unit") :]
        raise QueryError("query.series_lacks_size", hint=None, series=name, size=typed_size.upper(),
                         sizes=", ".join(sizes), example=" ".join(example.split()))  # fmt: skip
    return None


MODEL_OR_TAIL = regexes.compile(
    r"(?:\s+(?:em|in|en|a|at|com|with|con|no|na)\s+|\s*)(?:\d{1,2}[\s-]?bits?|fp\d{1,2}|bf16|fp16|int[48]|nf4|awq|gptq|"
    r"q\d_k(?:_[ms])?|q\d_0|mxfp4|full\s+precision|precis[aã]o\s+cheia)\b",
    re.IGNORECASE,
)


def parse(
    text: str, catalog: Catalog | None = None, base: Workload | None = None, today: date | None = None
) -> Query:
    """Reads a question. With `base` (the workload answered before, in a Slack thread) the text is a
    follow-up: "e se for em 8 bits?", "and 20 users?" change only what they name. Two models offered as a
    choice ("llama 70b em 4 bits ou qwen 32b em bf16?") make the first the workload and the other, as typed,
    a model choice, which the answer sizes beside it (sizing/compare.py) or says why it cannot. `today`: the
    day a deadline said as a date counts from ("até o fim do mês"); without it such a date is no deadline."""
    # only a text chat_shorthand changed is looked at again (most are not: its cached pass is the prefilter)
    expanded = chat_shorthand(text)
    rewritten = shorthand_rewrites(text) if expanded != text else []
    text = expanded
    if today is not None or rewritten:
        if today is not None:
            text, query_dates = deadlines.resolve(text, today, rewritten)
        query = parse(text, catalog, base)
        if today is not None:
            query.deadline_dates = query_dates
        if rewritten:
            _as_typed(query, rewritten)
        return query
    if (release := _release_size(text, catalog or load_catalog())) is not None:
        # "granite 3.0 3b": the release's one size of that total is a mixture of experts (3B-A800M), read as it
        query = parse(release[0], catalog, base)
        query.corrections = [*query.corrections, release[1:]]
        return query
    if base is None and _rate_per_model_said(text):
        split = _rates_per_model(text, catalog)
        if split is not None:
            return split
    if (
        base is not None
        and base.model_choices
        and (only := _only_model(text, base, catalog or load_catalog()))
    ):
        # "e só o qwen?" in a thread about a choice of models (or models together): that one alone, the rest kept.
        query = Query()
        query.workload = only
        query.changed = ["model"]
        return query
    if (
        base is not None
        and base.together
        and (fewer := _removed_model(text, base, catalog or load_catalog()))
    ):
        # "e sem o llama?" in a thread about models served together: the others, with everything else kept.
        query = Query()
        query.workload = fewer
        query.changed = ["model"]
        _choices_kept(query)
        return query
    if (switch := _switched(text, catalog or load_catalog(), base)) is not None:
        # "trocar o llama 3.1 70b pelo qwen3 32b": the new model alone (in a thread, with the rest of it), said
        query = parse(switch[0], catalog, base)
        note = "switched" if base is not None else "switched_first"
        query.noted = [*query.noted, note]
        query.noted_names = {**query.noted_names, note: switch[1]}
        return query
    if (again := _asked_again(text, catalog or load_catalog(), base)) is not None:
        return again
    if base is not None and base.gpus and not _WIDTH_UNIT.search(text):
        # "e em fp8 em 2 ou 4?", "e em 4 ou 8?" in a thread that counts its GPUs: the bare numbers ending the message
        # are GPU counts, as "e em 4?" alone is (they had been dropped, or the message not understood)
        # ("e com 4?" alone stays a number read by what the thread counted: _bare_count)
        counts = BARE_COUNTS_AT_END.search(text)
        if counts and (
            _CHOICE_PARTS.search(counts.group(1)) or not _NOTHING_BEFORE.match(text, 0, counts.start())
        ):
            text = f"{text[: counts.end(1)]} gpus{text[counts.end(1) :]}"
    if base is not None and (counted := _bare_choice_unit(text, base, catalog or load_catalog())):
        text = counted
    if base is not None:
        text = INSTEAD_AFTER.sub(r"\1", text)  # "e em fp8 no lugar?": the change, in place of the thread's
    try:
        query = _parse_text(text, catalog, base)
    except QueryError as e:
        migration = _migration(text, e)
        choice = migration or _model_choice(text, e) or _restated_choice(text, e)
        if choice is None:
            contradiction = e.key == "query.contradiction"
            weighed = concepts.asked(strip_accents(text.lower()), weigh_alike=True) if contradiction else []
            if weighed and base is None:
                # "fine-tuning vs treino do zero", "qual a diferença entre fp8 e int4?": two things weighed
                # are explained, not refused as a request that contradicts itself
                answer = ConceptAnswer([key for key, _, _ in weighed], _model_beside(text, weighed, catalog))
                # in the question's language, as the contradiction read it ("fine-tuning vs pretraining for
                # deepseek v3?" had been answered in Portuguese)
                answer.written_lang, answer.asked_lang = e.written_lang, e.asked_lang
                raise answer from None
            raise
        kept, other = choice
        others = [other]
        at = text.lower().find(other.lower())
        together = (_together_said(text) or _pipeline_said(text, at)) and not _chosen_between(text, at)
        while True:
            try:
                query = _parse_text(kept, catalog, base)
                break
            except QueryError as retry:
                # "llama 8b, qwen 7b e mistral 7b na mesma gpu": more models served together, peeled off
                # from the last, up to MAX_TOGETHER in all (a choice between them stays two).
                more = _model_choice(kept, retry) if together else None
                if more is not None and len(others) >= MAX_TOGETHER - 1:
                    raise _too_many_together(text, kept, more, others, e) from None
                if more is None:
                    # "qwen3 ou llama 3.1 70b": which Qwen3 is the question to answer first.
                    raise (retry if retry.key in ASKS_WHICH else e) from None
                kept, other = more
                others.insert(0, other)
        # A precision said once is every model's, served together or weighed as a choice ("qwen3 32b ou llama
        # 3.1 70b para 8k, em fp8": the Llama had been weighed at 16 bits against the Qwen at 8).
        others = _precision_shared(text, query, others, catalog)
        query, others = _one_generation(kept, query, others, catalog or load_catalog(), base)
        query.model_choices.extend(others)
        query.together = together
        query.routed = together and _routed_said(text)
        if query.written_lang is None:
            # The words that offered the choice ("compared to", "instead of") went with the other model: the
            # question's language is read from all of it.
            written = _written_lang(text)
            if written is not None:
                query.written_lang, query.detected_lang = written, i18n.lang_of(written)
        if migration is not None and base is None and query.workload is not None and query.workload.model:
            # "queremos trocar o llama 3.1 70b pelo qwen3 32b": the move said ("Troca: Llama 3.1 70B → Qwen3
            # 32B"), the model moved to is the one understood, the one in use weighed beside it
            cat = catalog or load_catalog()
            try:
                old = _parse_text(migration[1], cat).workload
            except SizingError:
                old = None
            if old is not None and old.model and old.model != query.workload.model:
                names = " → ".join(_model_name(m, cat) for m in (old.model, query.workload.model))
                query.noted = [*query.noted, "switched_first"]
                query.noted_names = {**query.noted_names, "switched_first": names}
        _own_gpus(text, query)
        _choices_kept(query)
        _setups_crossed(query, catalog or load_catalog())
        return query
    _unsized_choice(text, query)
    _precision_compared(query)
    _reasoning_compared(text, query, catalog)
    _same_size_together(text, query)
    _own_gpus(text, query)
    _choices_kept(query)
    _setups_crossed(query, catalog or load_catalog())
    return query


# A time said of the answer ("resposta em até 3 s", "answers within 2 seconds") with no word that names its first
# token or its start: ambiguous, read as the first token's (sizing/traffic_query.py) and said.
_ANSWER_TIME = regexes.compile(
    r"\b(?:respost\w*|respond\w*|answer\w*|respons\w*|repl(?:y|ies)|turno|turn|mensagem|message)\b"
)
_FIRST_TOKEN_SAID = regexes.compile(r"primeir|first|ttft|token|comec|inici|start|begin")


def _setups_listed(scan: _Scan, at: list, named: list) -> dict | None:
    """ "2 ou 4 h100 ou 2 h200", "2x h100, 4x h100 ou 2x h200": GPUs offered as a choice, each with its own
    count or counts, every one a setup weighed side by side in the order typed (the counts of a choice before
    a GPU, and a GPU named again at another count, had been dropped). None when a GPU has no count of its
    own beside no choice of counts, or the cards are one machine's ("2 L40S + 1 A100"). Beside a choice of
    counts, a GPU with no count of its own ("2 ou 4 h100 ou h200") is weighed at the fewest of it that serve
    (count None): neither of the other GPU's counts is more its own than the other."""
    adjacent = dict(scan.found.get("gpu_count_at", []))
    for start, _ in scan.found.get("gpu_one_article", []):
        adjacent.setdefault(start, 1)  # "ou uma h200": the article is its count
    more: dict[int, list[int]] = {}
    for start, n in scan.found.get("gpu_count_choice_at", []):
        more.setdefault(start, []).append(n)
    if len(at) >= 2 and at[0][0] in adjacent and more.get(at[0][0]):
        counts = [adjacent[at[0][0]], *more[at[0][0]]]
        if (
            all(start not in adjacent and start not in more for start, _ in at[1:])
            and len({gpu for _, gpu in at}) == len(at)
            and len(at) * len(counts) <= _MOST_CHOICES
        ):
            # "2 ou 4 h100 ou h200": the choice of counts typed before the list of GPUs is each one's, every
            # pairing weighed (the H200 had been weighed at the fewest that serve, a count nobody asked for)
            for start, _ in at[1:]:
                adjacent[start], more[start] = counts[0], counts[1:]
    if (
        len(at) < 2
        or len(at) != len(named)
        or (any(start not in adjacent for start, _ in at) and not more)
        or not (more or len({gpu for _, gpu in at}) < len(at))
        or scan.found.get("mixed_gpus")
    ):
        return None
    setups = list(
        dict.fromkeys(
            (gpu, n)
            for start, gpu in at
            for n in ((adjacent[start], *more.get(start, ())) if start in adjacent else (None,))
        )
    )
    (gpu, count), *others = setups
    return dict(
        gpu=gpu, gpus=count, compare_gpus=[g for g, _ in others], compare_counts=[n for _, n in others]
    )


_PRECISION_CHOICE_JOINT = regexes.compile(
    r"\b(?:vs|versus|ou|or|contra|against|compared\s+to|comparado\s+(?:a|com))\b"
)


def _precision_shared(text: str, query: Query, others: list[str], catalog: Catalog | None) -> list[str]:
    """ "llama 3.1 8b e qwen3 14b juntos para 50 usuários em fp8": a precision said once for models served
    together (or offered as a choice) is every one's (it had been the first's alone, the others at 16 bits). Said right after the first
    model's name ("o llama em fp8 e o qwen em bf16", "llama 8b em fp8 e qwen 14b"), it is that model's; a
    model with a precision of its own keeps it."""
    precision = query.workload.precision if query.workload is not None else None
    if precision is None or not others:
        return others
    plain = strip_accents(text.lower())
    joint = plain.find(strip_accents(others[0].lower()))
    try:
        aliases = (catalog or load_catalog()).precision(precision).aliases
    except KeyError:  # an EXL2 width or another made-up id: no alias to find
        return others
    said = [
        m.start()
        for m in re.finditer(
            rf"(?<![\w.-])(?:{'|'.join(map(re.escape, sorted(aliases, key=len, reverse=True)))})(?![\w])",
            plain,
        )
    ]
    if joint <= 0 or not said or any(at < joint and _names_model(text[:at]) for at in said):
        return others  # not found as typed, or said with the first model
    return [c if _names_model(c, precision=True) else _choice_at(c, precision) for c in others]


_FAMILY_AND_SIZE = regexes.compile(
    r"(?<![\w.-])(?P<family>[a-z][a-z0-9]*)[\s-]*(?P<size>\d+(?:\.\d+)?)b(?![\w.])"
)
_GENERATION_SIZE = regexes.compile(r"(?<![\w.])(\d+(?:\.\d+)?)B\b")


def _generations(catalog: Catalog, family: str) -> dict[str, dict[float, str]]:
    """A family's generations, newest first ("Qwen3", "Qwen2.5"), each its sizes -> the model's name."""
    gens: dict[str, dict[float, str]] = {}
    for model_id in catalog.families.get(family, []):
        name = catalog.model(model_id).name
        if (m := _GENERATION_SIZE.search(name)) is not None and m.start() > 0:
            gens.setdefault(name[: m.start()].strip(" -"), {}).setdefault(float(m.group(1)), name)
    return gens


def _one_generation(
    kept: str, query: Query, others: list[str], catalog: Catalog, base: Workload | None
) -> tuple[Query, list[str]]:
    """ "qwen 7b/14b", "qwen 8b ou qwen 14b": sizes of one family weighed in one of its generations that has them
    all, the first's where it can, and said (each size had been its own newest, Qwen2.5 7B against Qwen3 14B); a
    bare size after it is the family's ("qwen 8b ou 72b" had weighed a Llama 3.1 70B). A version typed stays."""
    w = query.workload
    if w is None or not w.model or len(others) != 1:
        return query, others
    first_name, other_name = _resolved_name(w.model, catalog), None
    plain = strip_accents(kept.lower())  # positions are the text's
    first = next(
        (m for m in _FAMILY_AND_SIZE.finditer(plain)
         if any(_model_name(i, catalog) == first_name for i in catalog.families.get(m.group("family"), ()))),
        None,
    )  # fmt: skip
    if first is None:
        return query, others
    family = first.group("family")
    other = re.fullmatch(rf"(?:{family}[\s-]*)?(\d+(?:\.\d+)?)b(?![\w.])(.*)", others[0], re.I | re.S)
    if other is None:
        return query, others
    gens = _generations(catalog, family)
    gen = next((g for g, sizes in gens.items() if first_name in sizes.values()), None)
    size, other_size = float(first.group("size")), float(other.group(1))
    if gen is None:
        return query, others
    chosen = (
        gen if other_size in gens[gen]
        # the first's generation lacks the other size: the newest that has both, the first asked again in it
        else next((g for g, have in gens.items() if {size, other_size} <= have.keys()), None)
    )  # fmt: skip
    if chosen is None:
        # no generation has both: the other is still the family's ("qwen 72b"), its newest of that size
        if any(other_size in have for have in gens.values()):
            return query, [f"{family} {other.group(1)}b{other.group(2)}"]
        return query, others
    if not others[0][:1].isdigit():
        # "qwen 14b" typed whole: the model it names alone, said only if another; a bare "14b" is no family's
        other_name = _resolved_name(f"{family} {other.group(1)}b", catalog)
    if chosen != gen:
        retyped = f"{kept[: first.start()]}{gens[chosen][size]}{kept[first.end() :]}"
        try:
            query = _parse_text(retyped, catalog, base)
        except SizingError:
            return query, others
    if other_name == gens[chosen][other_size] and chosen == gen:
        return query, others  # one generation as typed ("qwen 72b ou qwen 32b"): nothing to say
    query.noted = [*query.noted, "same_generation"]
    query.noted_names = {**query.noted_names, "same_generation": chosen}
    return query, [f"{gens[chosen][other_size]}{other.group(2)}"]


def _resolved_name(typed: str, catalog: Catalog) -> str | None:
    """The catalogue name a typed model resolves to ("qwen 8b": "Qwen3 8B"), None for none."""
    try:
        return resolve_model(typed, catalog).model.name
    except SizingError:
        return None


def _names_model(text: str, precision: bool = False) -> bool:
    """Whether the words name a model (with precision=True: a model at a precision of its own)."""
    try:
        w = _parse_text(text).workload
    except QueryError:
        return False
    return w is not None and (w.precision is not None if precision else bool(w.model))


def _own_gpus(text: str, query: Query) -> None:
    """ "llama 3.3 70b nvfp4 on b200 vs fp8 on h200": each side of a choice on the GPU named with it. The GPU
    after the "vs" goes with the other side (both had been judged on the B200, the H200 lost)."""
    w = query.workload
    if (
        len(query.model_choices) != 1
        or w is None
        or not w.gpu
        or len(w.compare_gpus or []) != 1
        or query.together
    ):
        return
    plain = strip_accents(text.lower())
    joint = _PRECISION_CHOICE_JOINT.search(plain)
    other = w.compare_gpus[0]
    if joint is None:
        return
    before, after = normalize(plain[: joint.start()]), normalize(plain[joint.end() :])
    first_name, other_name = w.gpu.split("-")[0], other.split("-")[0]
    if first_name not in before or other_name not in after or other_name in before:
        return
    count = f"{w.compare_counts[0]}x " if w.compare_counts else ""
    query.model_choices = [f"{query.model_choices[0]} {count}{other}"]
    query.workload = w.but(compare_gpus=None, compare_counts=None)


def _gpu_setups(w: Workload) -> list[tuple[str | None, int | None]]:
    """The GPUs a question offers as a choice, the first's first: (GPU, count; None the fewest that serve)."""
    counts = w.compare_counts or [None] * len(w.compare_gpus or [])
    gpus = w.compare_gpus or [w.gpu] * len(counts)
    return list(dict.fromkeys([(w.gpu, w.gpus), *zip(gpus, counts, strict=True)]))


def _setups_crossed(query: Query, catalog: Catalog) -> None:
    """ "llama 70b em fp8 e int4 numa h100 e numa h200", "e em 2 ou 4 gpus?" after BF16 against FP8: a choice
    of models or precisions beside a choice of GPUs is every pairing of the two, each a setup weighed side by
    side (the other sides had been weighed on the first GPUs alone: FP8 on 2× only). Past what a side-by-side
    shows (_MOST_CHOICES), each side stays on the first GPUs and each GPU is weighed for the first side, and the
    pairings left out are said (Query.setups_left)."""
    w = query.workload
    if (
        w is None
        or not w.model
        or not query.model_choices
        or query.together
        or query.routed
        or not (w.compare_gpus or w.compare_counts)
    ):
        return
    setups = _gpu_setups(w)
    if any(gpu is None for gpu, _ in setups):
        # counts with no GPU named ("em fp8 ou bf16 em 2 ou 4 gpus"): every pairing on the GPU the answer picks
        # for the first side's first count, as counts alone are weighed (sizing/engine.py); the other sides had
        # been weighed at the first count only
        if any(gpu is not None for gpu, _ in setups) or not w.gpus:
            return
        from .engine import recommended_gpu

        try:
            picked = recommended_gpu(w, catalog)
        except SizingError:
            return
        if picked is None:
            return
        query.counts_on = (picked, [n for _, n in setups])
        setups = [(picked, n) for _, n in setups]
        w = w.but(gpu=picked)
    read = []
    for choice in query.model_choices:
        try:
            other = _parse_text(choice, catalog).workload
        except SizingError:
            return  # a side that cannot be sized is said as such, on the first GPUs
        if other is None or not other.model or other.gpu or other.gpus:
            return  # "llama 70b on 2 h100 vs qwen 72b on 1 h200": sides on GPUs of their own
        read.append(other)
    if len(setups) < 2 or (len(query.model_choices) + 1) * len(setups) > _MOST_CHOICES:
        query.setups_left = [
            (_side_named(other, w, catalog), _setup_named(gpu, n, catalog))
            for other in read
            for gpu, n in setups[1:]
        ]
        return
    first = f"{w.model} {w.precision}" if w.precision else w.model
    query.model_choices = [
        f"{side} {f'{n}x ' if n else ''}{gpu}"
        for i, side in enumerate([first, *query.model_choices])
        for j, (gpu, n) in enumerate(setups)
        if i or j
    ]
    query.workload = w.but(compare_gpus=None, compare_counts=None, model_choices=list(query.model_choices))


def _sides_off_gpus(choices: list[str], first: Workload) -> list[str]:
    """The sides of a choice without GPUs of their own, each once, the first's own side left out: what a
    follow-up that names GPUs puts on them."""
    own = (first.model, first.precision)
    sides = {}
    for choice in choices:
        try:
            other = _parse_text(choice).workload
        except SizingError:
            other = None
        if other is None or not other.model or not (other.gpu or other.gpus):
            sides.setdefault(choice, None)
            continue
        if (other.model, other.precision) != own:
            sides.setdefault(f"{other.model} {other.precision}" if other.precision else other.model, None)
    return list(sides)


def _side_named(other: Workload, first: Workload, catalog: Catalog) -> str:
    """A side of a choice as "Entendi" names it: its precision for the first's model, else its model."""
    if other.model == first.model and other.precision:
        return catalog.precision(other.precision).name
    name = _model_name(other.model, catalog)
    return f"{name} {catalog.precision(other.precision).name}" if other.precision else name


def _setup_named(gpu: str | None, count: int | None, catalog: Catalog) -> str:
    name = catalog.gpu(gpu).name if gpu else ""
    return f"{count}× {name}".strip() if count else name


# "two 8B models on one A100", "dois modelos de 7b na mesma gpu": copies of one size, served together.
SAME_SIZE_MODELS = regexes.compile(
    r"\b(2|3|4|two|three|four|dois|duas|tres|três|quatro)\s+(?:(?:models?|modelos?)\s+(?:de\s+|of\s+)?)?"
    r"(\d+(?:[.,]\d+)?\s*b)\b(?:\s+(?:models?|modelos?))?",
    re.IGNORECASE,
)
_SMALL_COUNTS = {"2": 2, "3": 3, "4": 4, "two": 2, "three": 3, "four": 4, "dois": 2, "duas": 2, "tres": 3, "três": 3,
                 "quatro": 4}  # fmt: skip


def _same_size_together(text: str, query: Query) -> None:
    """ "can I run two 8B models on one A100?": as many models of that size on the GPU, sized side by side and
    summed as models named together are (it had been one 8B model)."""
    if query.model_choices or query.workload is None or "model" not in text.lower():
        return
    m = SAME_SIZE_MODELS.search(text)
    if m is None or not re.search(r"models?|modelos?", m.group(0), re.IGNORECASE):
        return
    count = _SMALL_COUNTS[m.group(1).lower()]
    query.model_choices = [m.group(2).replace(" ", "")] * (count - 1)
    query.together = True


_CHOICE_PRECISION = regexes.compile(MODEL_OR_TAIL.pattern + r"\s*$", re.IGNORECASE)


def _choice_at(choice: str, precision: str) -> str:
    """A model offered beside the first, as typed, at another precision: the one said after it replaced
    ("qwen 72b awq" -> "qwen 72b fp8"); as it was when its words and the precision read as no model."""
    at = f"{_CHOICE_PRECISION.sub('', choice).strip()} {precision}"
    try:
        read = _parse_text(at)
    except QueryError:
        return choice
    return at if read.workload is not None and read.workload.precision == precision else choice


def _choices_kept(query: Query) -> None:
    """The models offered beside the first travel with its workload (Workload.model_choices): a thread's
    follow-up that names no other model compares them again, with what it changed."""
    if query.workload is None:
        return
    if query.model_choices:
        query.workload = query.workload.but(
            model_choices=list(query.model_choices),
            together=query.together or None,
            **({"routed": True} if query.routed else {}),
        )
    elif query.workload.model_choices:
        query.model_choices = list(query.workload.model_choices)
        query.together = bool(query.workload.together)
        query.routed = bool(query.workload.routed)


_CHOICE_PARTS = regexes.compile(r"\s*(?:,|/|\b(?:ou|or|vs\.?|versus|e|and)\b)\s*")


# The width's unit said once for a list ("4, 8 ou 16 bits", "16 bits, 8 ou 4"): each bare width's too.
_WIDTH_UNIT = regexes.compile(r"\d\s*(-?\s*bits?)\b", re.IGNORECASE)
# At most this many setups side by side (the comparison's titles go up to four).
_MOST_CHOICES = 4
MOST_SIDES = _MOST_CHOICES  # as the answers say it, where sides were left out


def _precision_compared(query: Query) -> None:
    """ "qwen 72b em awq ou fp8?", "llama 70b em 4 ou 8 bits?", "em 16 bits, 8 ou 4?", "fp16 vs fp8 vs int4": a
    choice of precisions for one model is the same model weighed at each (sizing/compare.py), as two models
    are; the first is the answer in full. (Past two, the others had been only said unsized.)"""
    if query.model_choices or query.workload is None or len(query.precision_choices) != 1:
        return
    typed, _sized, other = query.precision_choices[0]
    parts = [part for part in _CHOICE_PARTS.split(typed) if part]
    if len(parts) > _MOST_CHOICES:
        return  # more than a comparison shows: the first is sized, and the answer says the others were not
    query.precision_choices.pop()
    if len(parts) <= 2:
        query.model_choices.append(f"{query.workload.model} {other}")
        return
    unit = _WIDTH_UNIT.search(typed)
    query.model_choices.extend(
        f"{query.workload.model} {part}{unit.group(1) if unit and part.isdigit() else ''}"
        for part in parts[1:]
    )


def _widths_listed(typed: str, first: str) -> list[str]:
    """The precisions of a choice of widths as typed ("16-bit, 8 or 4", "8 ou 4 bits"), the first read already
    (`first`), each other one as a model at it reads it (a bare width takes the list's unit)."""
    unit = _WIDTH_UNIT.search(typed)
    out = [first]
    for part in [part for part in _CHOICE_PARTS.split(typed) if part][1:]:
        said = f"{part}{unit.group(1) if unit and part.isdigit() else ''}"
        try:
            read = _parse_text(f"70b {said}").workload
        except QueryError:
            continue
        if read is not None and read.precision and read.precision not in out:
            out.append(read.precision)
    return out


# "com e sem raciocínio", "with or without thinking": both said at once.
BOTH_REASONING = regexes.compile(
    r"\b(?:com\s+(?:e|ou)\s+sem|sem\s+(?:e|ou)\s+com|with\s+(?:and|or)\s+without|without\s+(?:and|or)\s+with)"
    r"(?:\s+(?:o|a|the|modo|mode))?\s+(?:raciocinio|reasoning|thinking|pensamento)\b"
)
_REASONING_WORD = regexes.compile(r"\b(?:raciocinio|reasoning|thinking|pensamento)\b")


def _reasoning_compared(text: str, query: Query, catalog: Catalog | None) -> None:
    """ "sem raciocínio e com raciocínio, quanto de memória pro qwen3 32b?", "qwen3 32b com e sem thinking": the
    model sized without its chain of thought (the answer in full) and with it, side by side (sizing/compare.py
    weigh_reasoning). It had been sized without alone while "Entendi" said both. Not for a model that always
    thinks: turned down, it still writes its chain of thought."""
    w = query.workload
    if w is None or query.model_choices or w.reasoning != "off" or w.stage is not Stage.inference:
        return
    plain = strip_accents(text)
    if not BOTH_REASONING.search(plain) and not _REASONING_WORD.search(NO_REASONING.sub(" ", plain)):
        return
    try:
        always = (catalog or load_catalog()).model(w.model).reasoning == "always"
    except (KeyError, SizingError):
        always = False  # a repo of the Hub: its own answer says what it does
    if not always:
        query.workload = w.but(compare_reasoning=True)


ASKS_WHICH = ("query.series_size", "query.family_model", "query.shared_name")
# Where the GPUs are, for RESIDENCY: what is hosted, a verb of being there, and a place (accent-free).
_HOSTS = r"(?:gpus?|servidor(?:es)?|maquinas?|servers?|machines?|data\s*cent(?:er|re)s?|infra(?:estrutura)?|infrastructure)"
_BE_THERE = (
    r"(?:ficam|fica|estao|esta|sao|rodam|roda|tem|temos|tens|ha|existem|hospedad[oa]s?|localizad[oa]s?"
    r"|are|is|have|has|located|hosted|run|runs)"
)
_PLACE = (
    r"(?:n[oa]s?|em|in(?:\s+the)?)\s+(?:brasil|brazil|portugal|europa|europe|eua|usa|us|estados\s+unidos"
    r"|united\s+states|exterior|abroad)\b"
)
# A question about where the data lives, with no model to size (answered with where our GPUs are).
RESIDENCY = regexes.compile(
    r"\b(?:lgpd|gdpr|rgpd|residencia\s+d[oe]s?\s+dados|data\s+(?:residency|sovereignty)|soberania(?:\s+de\s+dados)?"
    r"|onde\s+(?:ficam|estao|fica|esta)\s+(?:os\s+|as\s+|o\s+|a\s+)?(?:servidor(?:es)?|gpus?|dados|maquinas?|datacenters?"
    r"|data\s+centers?)"
    r"|where\s+(?:are|is)\s+(?:the\s+|your\s+|our\s+)?(?:servers?|gpus?|data|machines?|data\s*cent(?:er|re)s?)"
    # "os dados dos meus clientes ficam no Brasil?", "is our data going to leave Brazil?", "data stays in Brazil"
    r"|\b(?:dados|data)\b[\w\s,]{0,40}?\b(?:ficam|fica|ficarao|ficariam|permanecem|armazenados|guardados|hospedados"
    r"|stays?|remains?|stored|hosted|kept)\s+(?:\w+\s+){0,2}?(?:no\s+brasil|em\s+territorio\s+nacional|no\s+pais|in\s+brazil)"
    # "as gpus ficam no brasil?", "têm GPUs em Portugal ou só no Brasil?", "are your servers in Europe?": where the
    # GPUs are, asked by naming a place with a verb of being there (the answer: in Brazil, and only there).
    # Not "quantas gpus no brasil vocês têm?", which asks how many (no verb between the GPUs and the place).
    rf"|\b{_BE_THERE}\s+(?:\w+\s+){{0,3}}?{_HOSTS}\b[\w\s,]{{0,30}}?{_PLACE}"
    rf"|\b{_HOSTS}\s+(?:\w+\s+){{0,2}}?{_BE_THERE}\s+(?:\w+\s+){{0,2}}?{_PLACE}"
    r"|\b(?:sair|sai|saem|sairao|leave|leaves|leaving)\s+(?:do\s+|o\s+)?(?:brasil|brazil|pais|the\s+country)"
    r"|(?:os\s+)?dados\s+nao\s+podem\s+sair|data\s+(?:cannot|can't|must\s+not|may\s+not)\s+leave"
    r"|transferencia\s+internacional|international\s+transfer"
    # "o slack guarda minhas mensagens fora do brasil?", "is anything stored outside Brazil?"
    r"|fora\s+do\s+(?:brasil|pais)|outside\s+(?:of\s+)?(?:brazil|the\s+country))"
)
# Terms of the service rather than a sizing: availability SLAs, certifications, the API, payment.
# A count of people said as an average: "50 usuários em média", "média de 50", "average 50 users".
_NOT_PEOPLE = (
    r"(?!\s*(?:k\b|mil\b|tokens?|palavras|words|req|requisi|pedidos|requests|ms\b|s\b|seg|%|por\b|per\b|/))"
)
USERS_AVERAGE = regexes.compile(
    r"\b(\d+)\s*(?:usuarios|utilizadores|users|pessoas|people)?\s+(?:em\s+media|na\s+media|de\s+media|on\s+average)\b"
    rf"|\b(?:media|average|avg)\s+(?:de\s+|of\s+)?(\d+){_NOT_PEOPLE}(?:\s+(?:usuarios|utilizadores|users|pessoas|people))?\b"
)
# Security and quality standards named by their numbers: "ISO 27001" had been a context of 27,001 tokens.
STANDARDS = regexes.compile(
    r"\b(?:iso(?:\s*/\s*iec)?\s*\d{4,5}(?:[:-]\d{4})?|soc\s*[123](?:\s+type\s+(?:ii|i|2|1))?"
    r"|nist\s*(?:sp\s*)?\d{3}-\d{2,3})\b"
)
COMMERCIAL = regexes.compile(
    r"\b(?:sla|slas|soc\s*2|iso\s*27001|hipaa|uptime|disponibilidade|availability|api|openai[\s-]compat\w*"
    r"|compat\w*\s+com\s+(?:a\s+)?(?:api\s+da\s+)?openai|pagar|pagamento|pix|boleto|nota\s+fiscal|fatura|invoice|billing"
    r"|payment|pay|contrato\s+minimo|fidelidade|suporte|support|onboarding|trial|teste\s+gratis|free\s+trial)\b"
)
# The customer's own support team ("falar como nosso suporte", "like our support team"): no question about ours
_OUR_SUPPORT = regexes.compile(r"\b(?:nosso|nossa|our)\s+(?:(?:time|equipe)\s+de\s+)?(?:suporte|support)\b")
# Data kept in the European Union, or the GDPR it answers to: "os dados têm de permanecer na UE", "our data
# must stay in the EU under GDPR", "RGPD", "na Europa". Our GPUs are in Brazil: the answer says what that means
# there (sizing/advice.py). "UE"/"EU" alone only as typed in capitals ("eu" is Portuguese for "I": "eu preciso
# do llama"), or after a word that places it ("na UE", "in the EU"); the UK's GDPR is not the EU's.
EU_RESIDENCY = regexes.compile(
    r"(?<!\buk\s)(?<!\buk-)\b(?:gdpr|rgpd)\b"
    r"|\b(?:uniao\s+europeia|european\s+union|espaco\s+economico\s+europeu|european\s+economic\s+area|europa|europe)\b"
    r"|\b(?:na|da|dentro\s+da|fora\s+da|pela|in\s+the|within\s+the|outside\s+(?:of\s+)?the|the)\s+(?:ue|eu|eee|eea)\b"
    r"|\b(?:ue|eu|eea)\b"
)
# "quais GPUs vocês têm?", "tabela de preços", a bare "/gpu preços": the GPUs we rent and their prices.
OFFERING = regexes.compile(rf"\b(?:{_W('words.offering')})\b")
# "quantas gpus preciso?", "which GPU should I rent?": a sizing asked with nothing to size, so the model is what
# is missing.
SIZING_ASKED = regexes.compile(rf"\b(?:{_W('words.sizing_asked')})\b")
OFFERING_ALONE = regexes.compile(rf"\W*(?:gpus?\W+)?(?:{_W('words.offering_alone')})\W*")
# "quantas H100 preciso pro llama 405b?", "how many H100s for deepseek v3?", "quantas GPUs H200?", "quantas GPUs
# preciso em H100?": the count of the GPU named is asked (sizing/choice.py requested leads with it). Only GPU
# words may stand between the question word and the GPU ("quantas requisições uma H100 aguenta?" asks no count).
# Spanish's "cuántas H100" from Slack Connect customers too (it had been read as one H100).
_HOW_MANY = regexes.compile(r"\b(?:quant[oa]s|cuant[oa]s|qtas|qtos|how\s+many)\s+")
_HOW_MANY_BEFORE = regexes.compile(
    r"\b(?:quant[oa]s|cuant[oa]s|qtas|qtos|how\s+many)\s+(?:(?:gpus?|placas?|cards?|tarjetas?|unidades|units|de|da|das|of|nvidia)\s+){0,3}$"
)
_HOW_MANY_GPUS = regexes.compile(
    r"\b(?:quant[oa]s|cuant[oa]s|qtas|qtos|how\s+many)\s+(?:gpus?|placas?|cards?)\b"
)


def _how_many_gpus(scan: _Scan) -> bool:
    """Whether the question asks how many of the GPU it names ("quantas H100?", "how many GPUs on H100?")."""
    if (
        "quant" not in scan.work
        and "cuant" not in scan.work
        and "qt" not in scan.work
        and "how many" not in scan.work
    ) or not (_HOW_MANY.search(scan.work)):
        return False
    if _HOW_MANY_GPUS.search(scan.work):
        return True
    at = scan.found.get("gpu_at") or []
    start = min((start for start, _ in at), default=None)
    return start is not None and _HOW_MANY_BEFORE.search(scan.work, max(0, start - 60), start) is not None


# "how many A100 hours?", "quantas horas de H100?", "H100-hours", "GPU-hours on an H100": the hours of the card
# named are asked, the run's total on it, not a run on one of it. A number before them is a budget said ("1,3M
# horas de H100", "500 H100 hours"), no question.
_HOURS_AFTER_GPU = regexes.compile(r"\s*(?:[-\s]?gpus?)?[-\s]?(?:hours?|hrs?|horas?)\b")
_HOURS_BEFORE_GPU = regexes.compile(
    r"\b(?:gpu[-\s]?hours?|hours?|horas?(?:[-\s]gpu|\s+de\s+gpu)?)\s+(?:(?:de|da|das|do|of|on|em|na|numa|an?|gpus?)\s+){0,3}$"
)
_HOURS_COUNTED_BEFORE = regexes.compile(r"\d[\d.,]*\s*(?:k|m|mi|mil|million|milhoes|milhões|bi)?\s*$")


def _gpu_hours_asked(scan: _Scan) -> bool:
    """Whether the question asks the GPU-hours of the GPU it names, not counted as a budget."""
    if "hour" not in scan.typed and "hora" not in scan.typed and "hrs" not in scan.typed:
        return False
    ends = dict(scan.found.get("gpu_end") or [])
    for start, _ in scan.found.get("gpu_at") or []:
        end = next((e for e in sorted(ends) if e > start), None)
        after = _HOURS_AFTER_GPU.match(scan.typed, end) if end is not None else None
        before = _HOURS_BEFORE_GPU.search(scan.typed, max(0, start - 40), start)
        if after is not None and not _HOURS_COUNTED_BEFORE.search(scan.typed, max(0, start - 20), start):
            return True
        if before is not None and not _HOURS_COUNTED_BEFORE.search(
            scan.typed, max(0, before.start() - 20), before.start()
        ):
            return True
    return False


# "70b on h100s", "rodar em A100s", "nas RTX 4090s": a card named in the plural with no count asks how many of
# it, as "quantas H100?" does (a name that ends in S itself, the L40S, is no plural).
_PLURAL_GPU_AT = regexes.compile(r"(?:[a-z]+[\s-]?)?[a-z]?\d{2,5}s\b")


# "numa H100", "em uma H100", "on a single H100", "on an H100", "one H100": one GPU said with the card's name.
_ONE_BEFORE_GPU = regexes.compile(
    r"\b(?:numa|num|uma|um|an?|one|single|unica|so|apenas|only|just)(?:\s+(?:unica|single|so))?\s*$"
)


_ASKS_FIT = regexes.compile(r"\b(?:cabe|cabem|caberia|caberiam|fit|fits|fitting|roda|rodaria|rodar|runs?)\b")


def _bare_gpu_under_load(scan: _Scan, fields: dict, base: Workload | None) -> bool:
    """A card named with no count, nor one said ("on H100", "e na H200?"), in a question with a load (users,
    a rate, requests): as many of it as the load takes, as "quantas H100?" asks; "numa H100" stays one."""
    named = {gpu for _, gpu in scan.found.get("gpu_at") or []}
    if len(named) != 1 or fields.get("no_model"):
        return False  # GPUs weighed against each other ("h100 ou h200?") are judged on one, and how many would do
    loaded = any(fields.get(name) for name in LOAD_FIELDS) or (
        base is not None and any(getattr(base, name, None) for name in LOAD_FIELDS)
    )
    if not loaded or fields.get("users_limit") or _ASKS_FIT.search(scan.work):
        # "cabe em h100?", "does it fit on H100?": whether the card holds it is the question, answered on one with
        # how many would do; a launch line without --tensor-parallel-size runs on one GPU.
        return False
    start = min(start for start, _ in scan.found["gpu_at"])
    return _ONE_BEFORE_GPU.search(scan.work, max(0, start - 20), start) is None


def _gpu_in_plural(scan: _Scan) -> bool:
    text = scan.original.lower()
    return any(
        not gpu_id.endswith("s") and _PLURAL_GPU_AT.match(text, start) is not None
        for start, gpu_id in scan.found.get("gpu_at") or []
    )


# "quais GPUs preciso", "which GPUs do I need": the GPUs a workload takes ("quantas GPUs para 10 usuários?"
# asks for the model: a count depends on it).
GPU_NEED = regexes.compile(
    r"\b(?:quais|que|qual|which|what)\s+(?:as\s+)?(?:gpus?|placas?|maquinas?|servidores?|servers?)\b"
)
# In a thread the model is the thread's: "quantas GPUs?", "how many GPUs do I need?" ask for its sizing again
# (they had been "Não entendi o pedido", which a channel's thread leaves unsaid: no answer at all).
GPU_COUNT_NEED = regexes.compile(
    r"\b(?:quant[oa]s|qtas|qntas|how\s+many)\s+(?:gpus?|placas?|maquinas?|servidores?|servers?|machines?|cards?)\b"
)
# ... and "e a latência?", "qual a velocidade?", "how fast is it?" ask for what its answer says of its speed, as
# "quanto tempo leva?", "how long does it take?" under a training do of its hours.
PERFORMANCE_NEED = regexes.compile(
    r"\b(?:latencia|latency|velocidade|speed|how\s+fast|desempenho|performance|quanto\s+tempo|how\s+long"
    r"|quanto\s+demora|demora\s+quanto|gargalo|gargalos|bottleneck|bottlenecks|throughput|vazao)\b"
)
# ... and "por quê?", "why that many?", "o que decidiu?" ask why the thread's answer is what it is: its sizing again,
# with what decided it first; "explica melhor o kv cache", "e o kv cache?", "what is the kv cache?" ask what the
# KV cache is, answered with the thread's own figures (both had been "Não entendi o pedido").
WHY_NEED = regexes.compile(
    r"(?:^|\b)(?:por\s*que|porque|pq|why|how\s+come|o\s+que\s+decidiu|what\s+decided|explica\w*|explique\w*"
    r"|explain\w*|justifica\w*|justify)\b"
)
KV_NEED = regexes.compile(r"\b(?:kv(?:[\s_-]*cache)?|cache\s+kv|key[\s-]+value\s+cache)\b")
# ... and, in a thread weighing models, "qual é melhor?", "which one is better?" ask for the comparison and its
# summary again.
CHOICE_NEED = regexes.compile(
    r"\b(?:qual\s+(?:(?:e|eh)\s+)?(?:o\s+)?(?:melhor|compensa\s+mais|compensa|vale\s+mais)"
    r"|qual\s+(?:voce|vc|vcs|voces)\s+(?:recomenda|escolheria|indica)|qual\s+recomenda"
    r"|which\s+(?:one\s+)?(?:is\s+)?better|which\s+(?:one\s+)?(?:would|do)\s+you\s+(?:recommend|pick|choose))\b"
)
# "tem H100 disponível?": stock the bot cannot see; the answer says who confirms it.
AVAILABILITY = regexes.compile(rf"\b(?:{_W('words.availability')})\b")
# What a question can say and still be a question for the offering's list ("e quanto custa a hora
# reservada, para produção?"): a load, a length or a stage makes it a sizing question with the model forgotten.
_BUDGET_FIELDS = {
    "budget",
    "budget_currency",
    "budget_monthly",
    "budget_yearly",
    "budget_hourly",
    "budget_per_gpu",
    "api_price",
    "api_price_currency",
}
# The GPUs we rent asked for in any order of words: a question word a few words before a GPU word ("quantas gpus
# no brasil vocês têm?", "what GPUs do you offer?"), with who rents them said (words.offering_ours). Beside the
# phrases of words.offering, which a word put between them had broken ("Não entendi o pedido").
_OFFER_ASK = regexes.compile(
    r"\b(?:quais|que|quantas|qtas|which|what|how\s+many)\s+(?:\w+\s+){0,2}?"
    r"(?:gpus?|placas?|maquinas?|instancias?|cards?|machines?|instances?)\b"
)
OFFERING_OURS = regexes.compile(rf"\b(?:{_W('words.offering_ours')})\b")
# The list of GPUs asked for by name ("quais GPUs vocês têm?", "which GPUs do you offer?"), not a price.
_GPU_LIST = regexes.compile(r"\b(?:gpus?|placas?|maquinas?|instancias?)\b")
_NEED = regexes.compile(r"\b(?:precis\w*|need\w*|necessari\w*)")  # "quais GPUs preciso?": the thread's own
_OFFERING_FIELDS = frozenset(
    {"cost", "cheaper", "contract", "contracts_compared", "cost_per_user", "cost_per_requests", "term_days", "intent",
     "residency",
     *_BUDGET_FIELDS}
)  # fmt: skip
MAX_TOGETHER = 4  # models served on one GPU in one answer: each gets its column


def _too_many_together(
    text: str, kept: str, more: tuple[str, str], others: list[str], first: QueryError
) -> QueryError:
    """Five or more models served together: more than one answer weighs (MAX_TOGETHER); the error says how
    many were named and the most sized together (it had been "se contradiz ... Escolha um")."""
    named = [more[1], *others]
    while True:  # the rest peeled off as before, only to count them
        kept = more[0]
        try:
            _parse_text(kept)
            break
        except QueryError as retry:
            more = _model_choice(kept, retry)
            if more is None:
                break
            named.insert(0, more[1])
    lowered = text.lower()
    named.sort(key=lambda name: lowered.find(name.lower()))  # as typed: the last ones are left for later
    dropped = ", ".join(f"“{n}”" for n in named[MAX_TOGETHER - 1 :])
    error = QueryError("query.too_many_together", hint="query.too_many_together", count=len(named) + 1,
                       most=MAX_TOGETHER, dropped=dropped)  # fmt: skip
    error.asked_lang, error.written_lang = first.asked_lang, first.written_lang  # the question's language
    return error


def _joint(text: str, at: int) -> re.Match | None:
    """The word that offers what starts at `at` as a choice against what came before it: "ou", "or", "vs",
    "em vez de"..., or an "e"/"and"/"com" in a question that compares ("entre X e Y", "compare X and Y")."""
    joint = MODEL_OR.search(text, max(0, at - 30), at)
    if joint is None and _pipeline_said(text, at):
        # "llama guard 3 8b como filtro antes do llama 70b", "llama guard then llama 70b": a pipeline's joint
        joint = PIPELINE_JOINT.search(strip_accents(text.lower()), max(0, at - 40), at)
        if joint is None:
            # "o llama guard na entrada e o qwen 32b": the pipeline is said apart, an "e" joins the models
            joint = MODEL_AND.search(text, max(0, at - 30), at) or _LIST_COMMA.search(
                text, max(0, at - 30), at
            )
        if joint is not None:
            return joint
    if joint is None and (trial := TRIAL_JOINT.search(strip_accents(text.lower()), max(0, at - 40), at)):
        # "qwen 7b, se não for bom o llama 8b", "llama 8b, if it is not good then qwen 7b": the next one tried
        return trial
    plain = strip_accents(text.lower()) if joint is None else ""
    if (
        joint is None
        and (over := OVERKILL_JOINT.search(plain, max(0, at - 40), at))
        and OVERKILL.search(plain, 0, over.start())
    ):
        return over  # "is llama 70b overkill? would 8b do?": the smaller one weighed against it
    together = joint is None and _together_said(text)
    if joint is None and together:
        # "qwen3 235b + qwen3 4b", "qwen3 4b decide e manda pro qwen3 235b": a pair served together.
        joint = MODEL_PAIR.search(text, max(0, at - 40), at)
    if joint is None and together:
        # "llama 8b, qwen 7b e mistral 7b juntos": a comma lists one more of the models served together.
        joint = _LIST_COMMA.search(text, max(0, at - 30), at)
    if joint is None:
        joint = MODEL_AND.search(text, max(0, at - 30), at)
        if joint is None or not (COMPARING.search(text, 0, joint.start()) or together):
            return None
    return joint


def _unsized_choice(text: str, query: Query) -> None:
    """A model offered as the other choice that the catalogue cannot size ("llama 70b ou gpt-7", "llama 70b
    vs gpt-4o"): kept among the model choices, so that the answer says why it compares nothing. Only a
    fragment shaped like a model's name counts ("ou menos" is not one); it stays among the words not
    understood, which the request log counts."""
    if query.model_choices or query.workload is None:
        return
    lowered = text.lower()
    for typed in [*query.closed_named, *query.unknown]:
        plain = strip_accents(typed.lower())
        named = typed in query.closed_named or (
            (NAME_LIKE.match(plain) or (HYPHENATED_NAME.match(plain) and re.search(r"\d", plain)))
            and not GPU_LIKE.match(plain)
        )
        at = lowered.find(typed.lower())
        if named and at > 0 and _joint(text, at) is not None:
            query.model_choices.append(typed)
            return


# "we run llama 2 70b and want to migrate to llama 3.3 70b", "trocar o llama 2 pelo qwen3 32b": the model moved
# to is the one answered; the one in use now is weighed beside it.
MIGRATION = regexes.compile(
    r"\b(?:migrat(?:e|ing)|mov(?:e|ing)|switch(?:ing)?|upgrad(?:e|ing)|go(?:ing)?)\s+to\b"
    r"|\bmigrar\s+para\b|\bmudar\s+para\b|\bpassar\s+para\b|\batualizar\s+para\b"
    r"|\b(?:trocar|substituir)\b[^,;!?]{0,40}?\b(?:por|pelo|pela)\b|\breplace\b[^,;!?]{0,40}?\bwith\b"
    r"|\b(?:migrar|migracao|migração|mudar|passar|sair|atualizar|evoluir)\s+d[oae]\b[^;!?]{0,60}?\bpara\b"
    r"|\b(?:migrat\w*|mov\w*|switch\w*|upgrad\w*|go(?:ing)?)\s+from\b[^;!?]{0,60}?\bto\b",
    re.IGNORECASE,
)


def _model_beside(text: str, weighed: list[tuple[str, int, int]], catalog: Catalog | None) -> str | None:
    """The model a question weighing two concepts names ("fine-tune ou treinar do zero o qwen 14b?"), read
    from the question without the concepts' words; None where it names none, or no reading is left."""
    if len(strip_accents(text.lower())) != len(text):
        return None  # the concepts' spans are of the accent-free text
    rest = text
    for _, start, end in weighed:
        rest = rest[:start] + " " * (end - start) + rest[end:]
    try:
        model = _parse_text(rest, catalog, None).workload.model
    except QueryError:
        return None
    return model or None


def _migration(text: str | None, e: QueryError) -> tuple[str, str] | None:
    """(the text without the model in use, that model as typed) when two models are a migration from one to
    the other; None otherwise."""
    if not text or e.key != "query.contradiction" or e.params.get("what") != "model":
        return None
    lowered = text.lower()
    named = [str(e.params.get(k) or "") for k in ("first", "second")]
    if not all(named):
        return None
    spans = sorted((lowered.find(n.lower()), n) for n in named)
    (at_old, old), (at_new, _) = spans
    # The words of the move stand between the two ("migrate to") or around the first ("trocar o X pelo Y").
    if at_old < 0 or not any(m.end() > at_old for m in MIGRATION.finditer(text, 0, at_new)):
        return None
    return text[:at_old] + text[at_old + len(old) :], old


def _model_choice(text: str | None, e: QueryError) -> tuple[str, str] | None:
    """(the text without the second model, the second model as typed) when a model contradiction is a
    choice between two models said with "ou", "or", "vs", or compared ("entre X e Y"); None otherwise."""
    if not text or e.key != "query.contradiction" or e.params.get("what") != "model":
        return None
    # The one said last is the other choice, whichever the parser met first.
    lowered = text.lower()
    named = [str(e.params.get(k) or "") for k in ("first", "second")]
    second = max(named, key=lambda name: lowered.find(name.lower()) if name else -1)
    at = lowered.find(second.lower()) if second else -1
    if at <= 0:
        return None
    joint, end = _joint(text, at), at + len(second)
    before = _WORD_BEFORE_SIZES.search(text, 0, at) if joint is None else None
    if before is not None and normalize(before.group(1)) in family_words(load_catalog()):
        # "qwen 32b ou qwen 8b": the family said again is the second's ("qwen" had been left to the first, a
        # contradiction of "qwen 32b" and "8b")
        at = before.start(1)
        joint = _joint(text, at)
    if joint is None:
        return None
    tail = MODEL_OR_TAIL.match(text, end)
    if tail is not None:
        end = tail.end()
    return text[: joint.start()] + text[end:], text[at:end].strip()


# "roda o gemma 3 27b em 1 l40s? e em fp8?", "does it fit on 2 H100s? and on 4?", "what about 4-bit?": a question,
# then a short clause after its end that asks it again with one setting changed, as a follow-up in a thread would.
# After a comma only the words that make it another case ("numa h100, e se for em fp8?"): "numa h100, e em fp8"
# may say both of one setup.
_AGAIN_WORD = r"(?:e\s+se|and\s+if|what\s+about|how\s+about|ou|or)\b"
_ASKED_AGAIN = regexes.compile(
    rf"(?P<kept>.*\S)\s*(?:[?!;.]\s*|,\s*(?={_AGAIN_WORD}))"
    rf"(?P<again>(?:e|and|{_AGAIN_WORD})\s*[^?!;,.]{{1,60}}?)[\s?!.]*",
    re.DOTALL,
)
# What it needs: a clause's first word after a stop or a comma. Its whole text tried at every split before failing,
# the pattern was ~2 us of every question, asked again in nearly none.
_AGAIN_CUE = regexes.compile(r"[?!;.,]\s*(?:e|and|what|how|ou|or)")


def _asked_again(text: str, catalog: Catalog, base: Workload | None = None) -> Query | None:
    """The question before a clause that asks it again at another precision or on other GPUs ("e em fp8?",
    "e se for em 4 bits?", "and on 4?", "e numa h100?"): both setups side by side, the first answered in full,
    as "fp8 ou int4" and "2 ou 4 h100" are. The clause had been read into the question: its precision
    replaced the first's (the 16-bit side lost), its count contradicted the first's or was dropped. None when
    the clause changes anything else ("e quanto custa?", "e para 10 usuários?"), read with the rest.
    With `base`, in a thread ("e em 4 bits? e em 8?"), the first clause is a follow-up of the thread's question
    and the second of the first (the second alone had been answered, or read as its GPU count)."""
    m = _ASKED_AGAIN.fullmatch(text) if _AGAIN_CUE.search(text) else None
    if m is None:
        return None
    try:
        first = parse(m["kept"], catalog, base)
        w = first.workload
        if (
            first.help
            or w is None
            or not w.model
            or first.model_choices
            or w.compare_gpus
            or w.compare_counts
        ):
            return None
        again = m["again"]
        count_said = w.gpus is not None if base is None else "gpus" in first.changed
        if not count_said and _BARE_WIDTH.search(again) and _WIDTH_UNIT.search(m["kept"]):
            # "em 4 bits? e em 8?": a bare number after widths said in bits, with no GPU count said, is a width
            # (in a thread, the clause before it said no count: the thread's own is not the clause's)
            again += " bits"
        # Read as a thread reads a follow-up: what it changes of the question before it.
        then = parse(again, catalog, base=w)
    except SizingError:
        return None
    changed, other = set(then.changed), then.workload
    if other is None or then.help or then.unknown:
        return None
    same_gpus = (other.gpu, other.gpus) == (w.gpu, w.gpus) and not (
        other.compare_gpus or other.compare_counts
    )
    if (
        (changed == {"precision"} or (changed - {"gpu", "gpus"} == {"precision"} and same_gpus))
        and other.precision
        and other.precision != w.precision
    ):
        # The same model at the other precision, weighed beside the first (sizing/compare.py)
        first.model_choices = [f"{w.model} {other.precision}"]
        _choices_kept(first)
    elif (
        "precision" in changed
        and changed <= {"precision", "gpu", "gpus", "compare_gpus", "compare_counts"}
        and other.precision
        and other.precision != w.precision
        and other.gpu
        and ((other.gpu, other.gpus) != (w.gpu, w.gpus) or other.compare_gpus)
        and len(other.compare_gpus or other.compare_counts or []) < _MOST_CHOICES - 1
    ):
        # "em 1 l40s? e em fp8 numa h100?": the other setup changes both, the model at the other precision on
        # its own GPUs (sizing/compare.py other_workload); it had been read as one setup, the first's lost.
        # "e em fp8 numa h100 e h200?": one setup at that precision for each GPU it names.
        # "e em fp8 em 2 ou 4?": each count on the GPU said
        gpus = other.compare_gpus or [other.gpu] * len(other.compare_counts or [])
        said = other.compare_counts or [None] * len(gpus)
        first.model_choices = []
        for gpu, n in [(other.gpu, other.gpus), *zip(gpus, said, strict=True)]:
            count = n or (1 if w.gpus == 1 or gpu != w.gpu else None)
            first.model_choices.append(f"{w.model} {other.precision} {f'{count}x ' if count else ''}{gpu}")
        _choices_kept(first)
    elif (
        changed <= {"gpus", "compare_counts"}
        and other.compare_counts
        and not other.compare_gpus
        and other.gpus
        and w.gpu
        and len(other.compare_counts) < _MOST_CHOICES
    ):
        # "roda o llama 70b em 2 h100? e em 4 ou 8?": the first setup and each count asked again, on its GPU
        counts = [n for n in [other.gpus, *other.compare_counts] if n != w.gpus]
        first.workload = w.but(compare_gpus=[w.gpu] * len(counts), compare_counts=counts)
    elif (
        changed
        and changed <= {"gpu", "gpus"}
        and (w.gpu or not other.gpu)
        and not _gpus_weighed(text, catalog)
    ):
        gpu, count = other.gpu or w.gpu, other.gpus
        if (gpu, count) == (w.gpu, w.gpus) or not (gpu or (count and w.gpus)):
            return None  # the same setup again, or a count beside none said ("llama 70b? e em 4?")
        if gpu != w.gpu and count is None:
            # "numa l40s? e numa h100?": one GPU each when the first is one; else the other's own fewest
            count = w.gpus if w.gpus == 1 else None
        counts = [count] if count is not None else None
        first.workload = w.but(compare_gpus=[gpu] if gpu else None, compare_counts=counts)
    else:
        return None
    first.text = text
    return first


def _gpus_weighed(text: str, catalog: Catalog) -> bool:
    """Whether the whole text, read as one question, already weighs GPUs side by side ("numa l40s? e numa
    h100?" names each with its count): that reading is kept."""
    try:
        w = _parse_text(text, catalog).workload
    except SizingError:
        return False
    return w is not None and bool(w.compare_gpus or w.compare_counts)


_OR_BETWEEN = regexes.compile(rf"\s*,?\s*\b(?:{_OR_WORDS})\s+")  # MODEL_OR's words, anywhere


def _restated_choice(text: str | None, e: QueryError) -> tuple[str, str] | None:
    """ "qwen 72b em int4 ou qwen 72b em fp8?": the model said again with another precision after "ou" (a
    contradiction of precisions) is that model at that precision offered as the other choice, as
    _model_choice gives it; None unless the words after the "ou" name a model."""
    if not text or e.key != "query.contradiction" or e.params.get("what") != "precision":
        return None
    lowered = text.lower()
    said = [str(e.params.get(k) or "").lower() for k in ("first", "second")]
    if not all(said):
        return None
    (start, first), (at, second) = sorted((lowered.find(word), word) for word in said)
    if start < 0 or at <= start:
        return None
    joint = _OR_BETWEEN.search(text, start + len(first), at)
    if joint is None:
        return None
    end = at + len(second)
    if (own := _own_setup_after(text, joint.end(), end)) is not None:
        return own
    other, kept = text[joint.end() : end].strip(), text[: joint.start()] + text[end:]
    try:
        named = _parse_text(other)
    except QueryError as no_model:
        # "qwen 72b int4, 20 users, or maybe fp8": the precision alone, for the model said before it
        if no_model.key != "query.no_model" or no_model.unknown:
            return None
        try:
            before = _parse_text(kept)
        except QueryError:
            return None
        return (kept, f"{before.workload.model} {other}") if before.workload else None
    if named.workload is None or not named.workload.model or named.unknown:
        return None
    return kept, other


# The GPUs said right after the other side's precision ("... ou int4 em 1 h100", "or int4 on one H100"): a
# preposition, a count or an article, and the GPU's name in up to three words (verified by reading them).
_SETUP_AFTER = regexes.compile(
    r"\s*(?:(?:em|on|in|numa?|nas?|nos?|with|com|across|over)\s+)?"
    r"(?:(?:\d{1,2}|uma?|an?|one|two|dois|duas|four|quatro|eight|oito)\s*[x×]?\s*)?"
    r"(?P<gpu>[a-z]+[\w-]*\d[\w-]*)(?:\s+(?:\d+\s*gb|sxm\d?|pcie|nvl))*",
    re.IGNORECASE,
)


def _own_setup_after(text: str, start: int, end: int) -> tuple[str, str] | None:
    """ "llama 70b: fp8 em 2 h100 ou int4 em 1 h100?": two whole setups, each a precision on GPUs of its own,
    offered as a choice. The other side is the model at the precision after the "ou" (from `start` to `end`)
    on the GPUs said right after it, weighed beside the first on the first's GPUs (the two counts had been
    refused as a contradiction). None when no GPU follows that precision, or the first side names none."""
    m = _SETUP_AFTER.match(text, end)
    if m is None:
        return None
    kept = text[: _OR_BETWEEN.search(text, 0, start).start()] + text[m.end() :]
    try:
        first = _parse_text(kept).workload
        other = _parse_text(f"{first.model} {text[start : m.end()].strip()}").workload if first else None
    except QueryError:
        return None
    if first is None or other is None or not first.gpu or not other.gpu or not first.model:
        return None
    count = f"{other.gpus}x " if other.gpus else "1x " if other.gpu != first.gpu or first.gpus == 1 else ""
    return kept, f"{first.model} {other.precision} {count}{other.gpu}"


# "vocês têm X?", "do you have X?", "alugam X?": asking whether we rent a GPU.
RENT_ASKED = regexes.compile(
    r"\b(?:tem|teem|possuem|alugam|oferecem|trabalham\s+com|do\s+you(?:\s+guys|\s+all)?\s+(?:have|offer|rent)"
    r"|have\s+you(?:\s+guys)?\s+got|can\s+(?:we|i)\s+rent|(?:da|posso|podemos)\s+(?:pra\s+)?alugar)\b"
)


def _not_rented(e: QueryError) -> QueryError:
    """An unknown GPU asked for as one we rent: the GPUs we do rent, the one asked for said first."""
    error = QueryError("query.offering", hint="query.examples")
    error.given = {"topic": "not_rented", "name": e.params.get("name", "")}
    return error


def _parse_text(text: str, catalog: Catalog | None = None, base: Workload | None = None) -> Query:
    catalog = catalog or load_catalog()
    if text is None:
        text = ""
    if len(text) > MAX_CHARS:
        raise QueryError("query.too_long", chars=len(text), limit=MAX_CHARS)
    huge = HUGE_NUMBER.search(text)
    if huge:
        refused = QueryError(
            "query.huge_number", digits=sum(c.isdigit() for c in huge.group()), start=huge.group()[:8]
        )
        refused.written_lang = _written_lang(text)  # said in the question's language, as any refusal
        refused.asked_lang = asked_language(strip_accents(text), refused.written_lang)
        raise refused
    # Invisible characters pasted along (zero-width spaces around Slack's formatting, a byte-order mark)
    # are not words: read as if absent.
    text = text.translate(INVISIBLE)
    # A Hugging Face link names a repo: keep "org/name" (Slack sends links as <url> or <url|label>).
    # (Each rewrite below is tried only where the text holds what its pattern needs: most questions hold no
    # link, reference, tag or "+", and running each pattern to find so was ~15 us of a fresh reading.)
    if ".co/" in text:
        text = HF_LINK.sub(lambda m: f" {m.group(1) or ''} ", text)
    if "ollama.com/" in text:
        text = OLLAMA_LINK.sub(lambda m: f" {m.group(1)} ", text)
    # Any other address ("veja https://docs.vllm.ai/en/latest/..."): a page cited, not the question's words;
    # read word by word, its "en" had turned the answer English, its digits a context, its pieces "Não entendi".
    if "://" in text or "www." in text.lower():
        text = OTHER_LINK.sub(" ", text)
    if "#" in text or ":" in text or _REFERENCE_CUE.search(_folded(text)):
        text = REFERENCE.sub(" ", text)
    # E-mails, CPFs, phones...: never read as numbers ("(11) 98765-4321" is no context) nor echoed back.
    text, personal = scrub(text)
    text = chat_shorthand(_without_signature(_without_mail_headers(text)))
    three_sizes = (
        [m for m in SLASHED_SIZES.finditer(text) if m.group(0).count("/") > 1] if "/" in text else []
    ) + [m for m in LISTED_SIZES.finditer(text) if _SIZES_CHOICE_WORD.search(m.group(0))]
    typed_lower = text.lower()
    # Python pasted with the question: its calls' arguments as the launch flags they are.
    text = code_query.pasted_code(text)
    if "/" in text:
        text = SLASHED_SETTINGS.sub(
            lambda m: (
                m.group(0)
                if _NOT_SETTINGS.search(m.group(2))
                else f"{m.group(1)} {m.group(2)[1:].replace('/', ' ')}"
            ),
            text,
        )
        text = SLASHED_KINDS.sub(_slashed_kinds, text)
        text = LOCAL_PATH.sub(lambda m: f" {m.group(1)} ", text)
        # "em Q3/2027": a quarter and its year, never a repo "q3/2027" (it had been refused as a second model)
        text = QUARTER_SLASH_YEAR.sub(r"\1 \2", text)
    # Speculative decoding's launch flags first: --speculative-config holds JSON the launch line does not read.
    launched = launch_line(speculative_query.launch_flags(text))
    # The language is the words' around a launch line, not its flags' nor the keys it is rewritten to ("ctx 8192
    # users=4" are no English words a person typed).
    around_launch = _FLAG.sub(" ", text) if launched != text else None
    # Only where a file is named: the pattern's lazy name, tried from every word of a long text that names none,
    # fails in time that grows with the square of the text (~2 s on 4,000 characters of "1.1.1.").
    if ".gguf" in launched.lower():
        launched = GGUF_FILE.sub(lambda m: f"{m.group(1)} {m.group(2)}", launched)
    text = launched.translate(JSON_MARKS)
    # Ollama's tags: "deepseek-r1:70b", "qwen3:30b-a3b-q4_K_M" are a model, its size and its file.
    tags: list[str] = []
    if ":" in text:
        text = OLLAMA_TAG.sub(lambda m: _ollama_tag(m, tags), text)
    # After the tags, so that "qwen3:32b:pray:" keeps its size: an emoji says nothing of the question (":100:"
    # had been read as 100 users, ":pray:" as a word not understood).
    if ":" in text:
        text = EMOJI_CODES.sub(" ", text)
    if "x" in text or "X" in text:
        text = MOE_SIZE_UNSAID.sub(
            lambda m: (
                f"{m.group(1)}{m.group(2)}b"
                if m.group(1).strip(" -").lower() in family_words(catalog)
                else m.group(0)
            ),
            text,
        )
    text = _bare_repo_names(text, catalog)
    if _NAME_THEN_NUMBER_CUE.search(text):
        text = NAME_THEN_BARE_SIZE.sub(lambda m: _bare_size_of_name(m, catalog), text)
    if "-" in text:
        text = GPU_PRODUCT.sub(lambda m: m.group(0).replace("-", " "), text)
    text = _gpu_variants(text, catalog)
    text = _gpu_diminutives(text, catalog)
    if "turbo" in text.lower():  # most questions hold no provider's name
        text = INSTRUCT_TURBO.sub(" instruct", text)
    # "1e6 usuários": a count in scientific notation is that count ("1e" had been left over, and 6 users read).
    if "e" in text:
        text = SCIENTIFIC.sub(_plain_number, text)
    if any(cue in text for cue in _POWER_CUES):
        text = POWER_OF_TEN.sub(_power_of_ten, text)
    # "um moe de 30b com 3b ativos", "30B total, 3B active": the size of a mixture of experts, as "30b-a3b".
    if "tiv" in _folded(text):  # what each of its words ("ativos", "active"...) holds
        text = ACTIVE_SIZE.sub(lambda m: f"{m.group(1)}b-a{m.group(2)}b", text)
    # "granite 3.0 3b-a800m": an active size in millions is the same tag as "30b-a3b" ("800m" had been read as a
    # context of 0 tokens).
    if "m" in text or "M" in text:
        text = ACTIVE_MILLIONS.sub(_active_in_billions, text)
    if "+" in text:
        text = NAME_PLUS.sub(r"\1 plus ", text)
    text, ranges = _upper_bounds(text, _versions(catalog))
    if _PEAK_WORDS_CUE.search(_folded(text)):  # a peak said: a case-blind pattern of these words was ~2 us
        text = RATE_PEAK_BARE.sub(_peak_in_its_unit, text)
    if "," in text or ";" in text or ":" in text:
        text = AT_ONCE_BEFORE.sub(
            lambda m: f"{m.group('space')}{m.group('about') or ''}{m.group('n')} {m.group('words')}", text
        )
    text, avoided = _avoided_gpus(text, catalog)
    text, ruled, said = _ruled_out_precisions(text, catalog)
    if ruled and around_launch is None:
        around_launch = said  # "without int4, 20 users": its language is read with the words ruling out
    text, choices = _bit_choices(text, _versions(catalog))
    # Long runs of blanks carry nothing and make every pattern slower.
    text = BLANK_RUNS.sub(" ", text).strip()
    try:
        for m in three_sizes:
            _two_sizes_at_a_time(m.string, m)
        try:
            query = (
                _parse_ruling_out(text, catalog, base, personal, ruled)
                if ruled
                else _parse(text, catalog, base, personal)
            )
        except QueryError as e:
            # "vcs tem gh200? quero rodar o deepseek r1": the model sized on the GPUs we rent, the GPU asked for
            # said not rented beside it (it had been the list of what we rent alone). "o glm-4.5v cabe numa
            # H200? ... o qwen2.5 vl 72b serve?": the catalogued model sized, the other said not in the
            # catalogue (the refusal had been all).
            if e.key == "query.what_fits" and len(choices) == 1 and e.given.get("precision"):
                # "at 16-bit, 8 or 4 on one l40s?": what fits at each width offered (it had been the first's alone)
                e.given["precisions"] = _widths_listed(choices[0][0], e.given["precision"])
            note, typed = None, e.params.get("typed") or e.params.get("name", "")
            if e.key.startswith("unknown_gpu") and RENT_ASKED.search(strip_accents(text)):
                note = "not_rented"
            elif e.key in ("query.uncatalogued", "query.unreleased"):
                note = "uncatalogued"
            if note is None or not typed:
                raise
            try:
                query = _parse(
                    re.sub(re.escape(typed), " ", text, flags=re.IGNORECASE), catalog, base, personal
                )
            except QueryError:
                raise e from None
            if query.workload is None or not query.workload.model:
                raise e from None
            if (
                note == "uncatalogued"
                and parse_size(query.workload.model)
                and _OWN_SIZE_AFTER.match(text[text.lower().find(typed.lower()) + len(typed) :])
            ):
                # "mamba 7b", "rwkv7 2.9b": the size right after the refused name is its own, and no other model
                # is named (a stand-in of that size had been sized as "the other model of the question")
                raise e from None
            query.noted = [*query.noted, note]
            query.noted_names = {**query.noted_names, note: e.params.get("name", typed)}
        query.ranges = ranges
        if ranges and (written := _written_lang(typed_lower)) and written != query.written_lang:
            # the language of the words as typed: a range's lower end and its joining word are gone from the text
            # read ("fifty to eighty users", "50 to 80 users" had been answered in Portuguese)
            query.written_lang, query.detected_lang = written, i18n.lang_of(written)
        if avoided and query.workload is not None:
            query.workload = msgspec.structs.replace(query.workload, avoid_gpus=avoided)
        query.ollama_tags = tags
        # Read from the text as typed: a launch line's "python -m sglang.launch_server" is gone from `text`.
        query.other_engines = list(dict.fromkeys(m.group(0) for m in OTHER_ENGINE.finditer(typed_lower)))
        if query.workload is not None and query.other_engines:
            # SGLang or TGI named (its launch line): a verdict on its flags names that engine and them.
            engines = {_LAUNCH_ENGINES.get(e.split()[0].split("-")[0]) for e in query.other_engines} - {None}
            if len(engines) == 1:
                query.workload = msgspec.structs.replace(query.workload, launch_engine=engines.pop())
        query.precision_choices = choices + query.precision_choices
        if around_launch is not None:
            query.written_lang = _written_lang(around_launch)
            query.detected_lang = i18n.lang_of(query.written_lang)
        return query
    except QueryError as e:
        # A refusal is read in the language of the question too ("how much vram for gpt-7?" in English).
        plain = strip_accents(text)
        if e.key.startswith("unknown_gpu") and RENT_ASKED.search(plain):
            # "vocês têm GH200?": a GPU we do not know is one we do not rent; said so, with the GPUs we do
            # (it had been "Não conheço a GPU “gh200”")
            e = _not_rented(e)
        e.written_lang = _written_lang(around_launch if around_launch is not None else text)
        e.asked_lang = asked_language(plain, e.written_lang)
        if foreign(e.written_lang) and e.key in _NOT_READ_KEYS:
            # "wie viel Speicher brauche ich für 20 Nutzer?": its words are no model's name nor anything
            # missing, but a language we do not read (it had been "I don't know the model “für 20 Nutzer”")
            refused = QueryError("query.foreign_language")
            refused.written_lang, refused.asked_lang = e.written_lang, e.asked_lang
            raise refused from None
        raise e from e.__cause__


_NUMBER = r"\d+(?:[.,]\d+)?(?:\s*(?:k|mil)\b)?"
# "5 req/s em média, pico de 20", "5 rps avg, peak 20", "10 rps, bursts of 40": the peak said with no unit is in
# the rate's (it had been "Não entendi: 20", and the average sized as a day's volume); said in it, the burst sizes
# as "20 rps sustained, 60 rps burst" does (sizing/traffic_query.py _AVERAGE_AFTER).
_RATE_UNIT = (
    r"(?:req|reqs|requests?|requisi[cç](?:ao|ão|oes|ões)|chamadas|calls|queries|consultas|msgs?)\s*/\s*(?:s|seg|sec|min|h|hr)\b"
    r"|(?:rps|qps|rpm|req/s)\b"
)
RATE_PEAK_BARE = regexes.compile(
    rf"(?<![\w.,])(?P<rate>\d+(?:[.,]\d+)?\s*(?:k\s*)?)(?P<unit>{_RATE_UNIT})"
    r"(?P<average>\s*,?\s*(?:em\s+m[eé]dia|na\s+m[eé]dia|on\s+average|average|avg|m[eé]di[oa]s?|sustained|steady|"
    r"sustentad[oa]s?|normal(?:mente)?|typical(?:ly)?))?"
    r"(?P<between>\s*[,;]?\s*(?:(?:e|and|com|with|mas|but)\s+)?"
    r"(?:(?:um|uma|uns|umas|a|the)\s+)?(?:picos?|peaks?|bursts?|spikes?|rajadas?)\s*(?:de\s+|of\s+|at\s+|:\s*)?(?:~\s*)?)"
    rf"(?P<peak>\d+(?:[.,]\d+)?)(?:\s*(?P<peak_unit>{_RATE_UNIT})|(?![\d.,]*\s*(?:%|x\b|vezes|times|[^\W\d_]|/)))",
    re.IGNORECASE,
)
# "30 pessoas, em simultâneo uns 10", "30 people, at once about 10": the words for at once before the count, as a
# clause of its own; read as "uns 10 em simultâneo" is (the 10 had been "Não percebi", 30 sized at once).
AT_ONCE_BEFORE = regexes.compile(
    r"(?<=[,;:])(?P<space>\s*)(?P<words>em\s+simult[aâ]neo|simult[aâ]ne[oa]s?|ao\s+mesmo\s+tempo|concurrently|"
    r"simultaneously|at\s+once|at\s+the\s+same\s+time|at\s+a\s+time|de\s+uma\s+vez)\s+"
    r"(?P<about>(?:uns|umas|cerca\s+de|about|around|maybe|perhaps|probably|some|talvez|tipo|~)\s*)?(?P<n>\d+)\b(?![.,]\d)",
    re.IGNORECASE,
)
_PEAK_WORDS_CUE = prefilter.any_of(frozenset(("pico", "peak", "burst", "spike", "rajada")))


def _peak_in_its_unit(m: re.Match) -> str:
    # the rate before the peak is the usual one, its average, whether or not the question says so ("10 rps, bursts
    # of 40" had been refused as two rates)
    average = m.group("average") or " avg"
    unit = m.group("peak_unit") or m.group("unit")
    return f"{m.group('rate')}{m.group('unit')}{average}{m.group('between')}{m.group('peak')} {unit}"


# "20-30 usuários", "50~100 usuários", "de 10 a 20 usuários", "entre 100 e 200 requisições", "10 to 20 users", "2k–4k tokens":
# a range of two plain numbers (not a date, a version or a model's size: no digit, slash or letter right
# after the second, no word character before the first).
_RANGE = regexes.compile(
    rf"(?<![\w.,/:+-])(?:(?:entre|between)\s+({_NUMBER})\s+(?:e|and)\s+({_NUMBER})"
    rf"|(?:(?:de|from)\s+)?({_NUMBER})(?:\s*[-–—~]\s*|\s+(?:a|à|to|até|ate)\s+)({_NUMBER}))"
    r"(?!\s*[-/.,]?\d)(?![^\W\d_])",
    re.IGNORECASE,
)


# "umas 20, 30 pessoas", "10 ou 15 usuários", "5 or 6 users": two counts of people said as a rough range
# (only before people: "8b, 70b" and "1 ou 2 GPUs" are no range of users).
_PEOPLE = (
    r"(?:usu[aá]rios|utilizadores|pessoas|people|users|"
    r"atendentes|agentes|agents|funcion[aá]rios|colaboradores|employees|clientes|customers|advogados|lawyers|"
    r"m[eé]dicos|alunos|students|devs|desenvolvedores|developers|analistas|analysts|vendedores)\b"
)
# ... and "20/30 usuários", a slash between them ("200" had been "Não entendi")
_RANGE_OR = regexes.compile(
    rf"(?<![\w.,/:+-])(\d+)(?:\s*,\s+|\s*/\s*|\s+(?:ou|or)\s+)(\d+)(?=\s+{_PEOPLE})",
    re.IGNORECASE,
)
# "30 usuários com picos de 60", "30 usuarios e pico de 60", "30 users, peaks of 60", "30 pessoas podendo chegar a
# 60": the usual count and the peak said after it, a range whose upper end is sized for ("60" had been "Não
# entendi"). A peak below the count ("300 usuários, pico de 50 simultâneos") is the people at once, read elsewhere.
# The usual count said as an average ("50 usuários em média, pico de 150"), the peak after "no" ("mas no pico 200"),
# or the peak's count before its word ("50 usuários, 200 no pico"): the same (each had been "Não entendi" for the
# peak, or a contradiction of the two counts). English's "on average ... at peak" is read elsewhere, in English.
# The days of a week's peak ("às segundas", "on mondays", "nos fins de semana").
_WEEKDAYS = traffic_query.WEEKDAYS
_USUAL_PEOPLE = (
    rf"(?<![\w.,/:+-])(\d+)(\s+{_PEOPLE}(?:\s+(?:simult[aâ]neos|ao\s+mesmo\s+tempo|concurrent|at\s+once))?)"
    r"(?:\s+(?:em|na|de)\s+m[eé]dia)?"
    r"(?:\s*,)?\s+(?:(?:com|e|and|with|mas|but)\s+)?"
)
_PEAK_AFTER = regexes.compile(
    rf"{_USUAL_PEOPLE}(?:(?:uns|umas|um|a|some)\s+)?(?:(?:no|nos|na)\s+)?"
    r"(?:(?:picos?\s+(?:de\s+)?|peaks?\s+(?:of\s+)?|at\s+(?:the\s+)?peaks?\s+(?:of\s+)?)"
    # "mas no pico chega a 100", "at peak it hits 100": the peak's verb ("a 100" had been an A100)
    r"(?:(?:chega|chegam|sobe|sobem|vai|vao|vão|it\s+hits|hits|it\s+reaches|reaches|goes|it\s+goes)\s+"
    r"(?:a\s+|para\s+|pra\s+|to\s+|up\s+to\s+)?)?(?:at[eé]\s+|up\s+to\s+)?"
    r"|(?:podendo|pode|could|may)\s+(?:chegar|reach)\s+(?:a\s+|at[eé]\s+)?"
    # "spiking to 200 on mondays": the peak's verb, and the day it comes (they had been "Not understood")
    r"|spik(?:es|ing|e)\s+(?:to\s+|up\s+to\s+)?"
    r"|chegando\s+a\s+)(\d+)(?![\d.,]*\s*%)(?![\w.,])"
    rf"(?:\s+(?:[aà]s|aos|nas|nos|on)\s+{_WEEKDAYS})?"
    rf"|{_USUAL_PEOPLE}(\d+)\s+(?:no|nos|na)\s+picos?\b",
    re.IGNORECASE,
)
# "contexto 8k/16k", "ctx de 8k/32k": two contexts offered, sized for the larger ("8k/16k" had been a prompt of
# 8,000 tokens and an answer of 16,000)
_CONTEXT_SLASH = regexes.compile(
    r"(\b(?:contexto|context|ctx|janela)\s+(?:de\s+|of\s+)?)(\d+\s*k)\s*/\s*(\d+\s*k)\b", re.IGNORECASE
)


_RETRIEVAL_COUNT = regexes.compile(r"(?:\btop[\s_-]*k?\s*[=:]?|\bk\s*=)\s*$", re.IGNORECASE)
_VERSIONS: dict[int, tuple[Catalog, frozenset[tuple[str, str]]]] = {}
_NAME_WORD_BEFORE = regexes.compile(r"([^\W\d_]+)\s+$")
_NAME_WORDS = regexes.compile(r"[\s_-]+")
_NAME_VERSION = regexes.compile(r"\d+(?:\.\d+)?")


def _versions(catalog: Catalog) -> frozenset[tuple[str, str]]:
    """The (word, number) pairs of catalogue names where a number follows a word: ("small", "3.2"),
    ("llama", "3.1"), ("qwen", "2.5"). Built once per catalogue."""
    cached = _VERSIONS.get(id(catalog))
    if cached and cached[0] is catalog:
        return cached[1]
    # Kept beside the kept catalogue (sizing/catalog.py kept_index).
    _VERSIONS[id(catalog)] = (
        catalog,
        kept_index(catalog, "versions", lambda: _version_pairs(catalog), _SOURCES),
    )
    return _VERSIONS[id(catalog)][1]


def _version_pairs(catalog: Catalog) -> frozenset[tuple[str, str]]:
    pairs = set()
    for model in catalog.all_models:
        for name in (model.name, *model.aliases):
            words = _NAME_WORDS.split(name.lower())
            for word, number in itertools.pairwise(words):
                if word.isalpha() and _NAME_VERSION.fullmatch(number):
                    pairs.add((word, number))
    return frozenset(pairs)


# "sem h200", "não quero H100", "exceto a A100", "tirando a h200", "without the H200", "no H100s": a GPU ruled out,
# recommended from the rest (sizing/engine.py); it had been read as the GPU asked for, the word before it unread.
_AVOIDED_GPU_WORD = r"[a-z]+[\s-]?\d{2,4}[a-z]*(?:[\s-](?:sxm|pcie|nvl))?"
_AVOID_GPU = regexes.compile(
    # never "no" ("rodar no h100" is on it) nor "menos" alone ("usar menos h100" is fewer of it)
    r"\b(?:(?:sem|exceto|tirando|nada\s+de|n[aã]o\s+(?:quero|queremos|pode\s+ser|usar)|without|except|excluding|"
    r"avoid|not)\s+(?:(?:a|o|as|os|the|uma?|any)\s+)?|(?:menos|fora)\s+(?:a|o|as|os)\s+)(?:gpus?\s+|placas?\s+)?"
    # "sem h200 nem h100", "no H100s or H200s": each GPU of the list
    rf"({_AVOIDED_GPU_WORD}(?:\s*(?:,|nem|ou|or|nor)\s*(?:(?:a|o|the)\s+)?{_AVOIDED_GPU_WORD})*)\b",
    re.IGNORECASE,
)
_AVOIDED_GPU_WORDS = regexes.compile(_AVOIDED_GPU_WORD, re.IGNORECASE)
# What each of _AVOID_GPU's openings holds: most questions rule out no GPU, and the pattern took ~4 us to say so.
_AVOID_CUE = prefilter.any_of(
    frozenset(
        (
            "sem",
            "exceto",
            "tirando",
            "nada",
            "nao",
            "n\u00e3o",
            "without",
            "except",
            "excluding",
            "avoid",
            "not",
            "menos",
            "fora",
        )
    )
)


def _avoided_gpus(text: str, catalog: Catalog) -> tuple[str, list[str]]:
    """The GPUs the question rules out, each by its catalogue id, and the text without those phrases."""
    if not _AVOID_CUE.search(_folded(text)) or not _AVOID_GPU.search(text):
        return text, []
    index = _indexes(catalog)["gpu"]
    avoided: list[str] = []

    def take(m: re.Match) -> str:
        found = []
        for word in _AVOIDED_GPU_WORDS.findall(m.group(1)):
            key = normalize(word)
            gpu = index.get(key) or (index.get(key[:-1]) if key.endswith("s") else None)  # "no H100s"
            if gpu is None:
                return m.group(0)  # "sem 4 bits", "no 70b": no GPU, read elsewhere
            found.append(gpu.id)  # type: ignore[attr-defined]
        avoided.extend(found)
        return " " * len(m.group(0))

    text = _AVOID_GPU.sub(take, text)
    return text, list(dict.fromkeys(avoided))


# "sem 4 bits", "não quero 4-bit", "nada de fp8", "without int4", "no 4-bit please": a precision ruled out. The
# customer rules one out, not every other: the lightest precision left is sized (8-bit where 4-bit is ruled out,
# 16-bit where 8-bit is), never the one ruled out (it had been 16-bit, or the 4-bit itself). "no" only in English
# or before "please": "roda no fp8" is Portuguese for at FP8.
_RULE_OUT_ENTRIES: dict[int, tuple[Catalog, re.Pattern, re.Pattern, dict[str, str]]] = {}
_PLEASE_AFTER = regexes.compile(r"\s*,?\s*(?:please|pls|plz|por\s+favor)\b")
# The precision sized in place of a width ruled out, in order of preference: what serves at the least memory
# without the loss of 4-bit, then the weights as released, then 4-bit (nominal bits, the precision's id).
_LEFT_IN_ORDER = ((8, "fp8"), (16, "bf16"), (4, "int4"))
_QUANTIZATION = r"(?:quantizacao|quantization|quantisation|quantizado|quantizada|quantized)"
_QUANTIZATION_WORD = rf"(?:\s+{_QUANTIZATION})?"


def _rule_out_pattern(catalog: Catalog) -> tuple[re.Pattern, re.Pattern, dict[str, str]]:
    """The phrases that rule a precision out, the precisions' names alone, and each name's precision."""
    kept = _RULE_OUT_ENTRIES.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        aliases = {normalize(a): p.id for p in catalog.precisions for a in (p.id, *p.aliases)}
        names = alternation(
            a
            for p in catalog.precisions
            for a in (p.id, *p.aliases)
            if not a.startswith(("sem ", "without "))
        )
        one = rf"(?:{names})s?{_QUANTIZATION_WORD}(?![\w.-])"
        # "sem awq nem gptq", "no int4 or fp8": every one of a list
        listed = rf"{one}(?:\s*(?:,|nem|ou|or|nor|and|e)\s+(?:(?:no|o|a|the)\s+)?{one})*"
        pattern = regexes.compile(
            rf"\b(?P<neg>{_W('words.rule_out')})\s+(?:(?:a|o|the|any|em|in|at)\s+)?(?:{_QUANTIZATION}\s+)?"
            rf"(?P<precision>{listed})"
            # "4-bit is a no-go", "4 bits não.": the word after it; "não" only where the clause ends ("em 4 bits não
            # cabe?" asks whether it fits)
            rf"|\b(?P<before>{one})\s+(?:{_W('words.rule_out_after')})(?=\s*(?:[,.;!?]|$))"
            # "no quantization below 8 bits", "nada abaixo de 8 bits": every width under it
            rf"|\b(?:{_W('words.rule_out_below')})\s+(?P<bits>\d{{1,2}})[\s-]*bits?\b"
        )
        kept = _RULE_OUT_ENTRIES[id(catalog)] = (
            catalog,
            pattern,
            regexes.compile(rf"(?<![\w.])(?:{names})s?(?![\w.-])"),
            aliases,
        )
    return kept[1], kept[2], kept[3]


def _ruled_out_precisions(text: str, catalog: Catalog) -> tuple[str, list[tuple[str, str]], str]:
    """The text with each precision it rules out blanked, those phrases (as typed, the precision's id), and the
    text to read its language in: as typed, less an English "no" (Portuguese for "in the" too)."""
    plain = strip_accents(text).lower()
    if len(plain) != len(text) or not _RULE_OUT_FIRST.search(plain) or not _RULE_OUT_CUE.search(plain):
        return text, [], text
    pattern, names, aliases = _rule_out_pattern(catalog)
    said = _NO_WORD.sub("  ", text) if "no" in plain else text
    ruled: list[tuple[str, str]] = []
    spans = []
    for m in pattern.finditer(plain):
        if m.group("neg") == "no" and not _PLEASE_AFTER.match(plain, m.end()) and _written_lang(said) != "en":
            continue  # "llama 70b no fp8": at FP8, in Portuguese (the rest's language, "no" being both)
        typed = text[m.start() : m.end()]
        if m.group("bits"):
            found = [p for bits, p in _LEFT_IN_ORDER if bits < int(m.group("bits"))]
        else:
            listed = m.group("precision") or m.group("before")
            found = [aliases[k] for a in names.findall(listed) if (k := normalize(a)) in aliases]
        if not found:
            continue
        ruled += [(typed, p) for p in found]
        spans.append(m.span())
    if not ruled:
        return text, [], text
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text, ruled, said


_NO_WORD = regexes.compile(r"\bno\b", re.IGNORECASE)
_RULE_OUT_CUE = regexes.compile(
    rf"\b(?:{_W('words.rule_out')}|{_W('words.rule_out_below')})\s|\s(?:{_W('words.rule_out_after')})(?:\W|$)"
)
# What each of the cue's entries holds, tested before the cue, which took ~3 us to find nothing. Their first words
# ("we don't want", "is out") had let ~1 question in 4 through: 1 in 7 of the corpus, none of 3,000 fresh ones now.
_RULE_OUT_FIRST = _needed_words("words.rule_out", "words.rule_out_below", "words.rule_out_after")


def _parse_ruling_out(
    text: str, catalog: Catalog, base: Workload | None, personal: list[str], ruled: list[tuple[str, str]]
) -> Query:
    """The question with its ruled-out precisions (blanked in `text`) sized at the lightest precision left, unless
    it names the one it wants."""
    query = _parse(text, catalog, base, personal)
    workload = query.workload
    if workload is None or workload.was_given("precision"):
        return query  # "sem 4 bits, em fp8": the precision said is the one sized
    widths = {catalog.precision(p).nominal_bits for _, p in ruled}
    left = [p for bits, p in _LEFT_IN_ORDER if bits not in widths]
    if not left:
        return query
    choice, gpu_name = left[0], None
    if workload.gpu and not catalog.gpu(workload.gpu).runs(catalog.precision(choice)):
        # "sem 4 bits numa T4": the T4 runs no FP8 kernel, so the weights as released
        gpu_name = catalog.gpu(workload.gpu).name
        left = [p for p in left if catalog.gpu(workload.gpu).runs(catalog.precision(p))]
        if not left:
            return query
        choice = left[0]
    # said after the rest, as its own phrase: the words read keep their places (the phrase ruled out is blank by
    # now, and its blanks run together with the others)
    query = _parse(f"{text}, {choice}", catalog, base, personal)
    query.ruled_out = [(typed, choice, gpu_name) for typed in dict.fromkeys(typed for typed, _ in ruled)]
    return query


def _upper_bounds(
    text: str, versions: frozenset[tuple[str, str]] = frozenset()
) -> tuple[str, list[tuple[str, str]]]:
    """A range sizes for its upper end: the peak is what the hardware must hold ("20-30 usuários" is 30).
    Returns the text with each range replaced by its upper end, and the ranges read, to say so. A number
    that is a model's version after its name ("mistral small 3.2 to 200 agents", "servir o qwen 2.5 a 50
    usuários") starts no range."""
    ranges: list[tuple[str, str]] = []

    def upper(m: re.Match) -> str:
        low, high = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if m.group(3):
            before = _NAME_WORD_BEFORE.search(text, 0, m.start())
            if before and (before.group(1).lower(), low.strip()) in versions:
                return m.group(0)
        if (parse_amount(high) or 0.0) <= (parse_amount(low) or 0.0):
            return m.group(0)  # "10-5" is no range
        if re.fullmatch(r"0[1-9]|1[0-2]", low.strip()) and re.fullmatch(r"20[1-3]\d", high.strip()):
            return m.group(0)  # "08-2024": a release's month and year ("command r+ 08-2024")
        if re.search(r"(?:k|mil)\s*$", low, re.IGNORECASE) and not re.search(r"(?:k|mil)\s*$", high, re.I):
            return m.group(0)  # "2k-500": not the same unit
        ranges.append((m.group(0).strip(), high.strip()))
        return high

    def upper_or(m: re.Match) -> str:
        low, high = int(m.group(1)), int(m.group(2))
        # "chunks de 512 tokens, top 10, 20 usuários": a count of chunks, then the users', is no range
        if not low < high <= 10 * low or _RETRIEVAL_COUNT.search(text, max(0, m.start() - 8), m.start()):
            return m.group(0)
        ranges.append((m.group(0).strip(), m.group(2)))
        return m.group(2)

    def peak(m: re.Match) -> str:
        usual, people, top = (
            (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
        )
        if int(top) <= int(usual):
            return m.group(0)
        ranges.append((m.group(0).strip(), top))
        return top + people

    def context_slash(m: re.Match) -> str:
        low, high = parse_amount(m.group(2)) or 0.0, parse_amount(m.group(3)) or 0.0
        if high <= low:
            return m.group(0)
        ranges.append((m.group(0)[len(m.group(1)) :].strip(), m.group(3)))
        return m.group(1) + m.group(3)

    plain = strip_accents(text).lower()
    if not _RANGE_WORDS.isdisjoint(plain.split()) and len(plain) == len(text):
        text = _word_ranges(text, plain, ranges)  # "and with fifty to eighty users?": no digit at all
    if not any(c.isdigit() for c in text):
        return text, ranges
    text = _CONTEXT_SLASH.sub(context_slash, text) if "/" in text else text
    if _PEAK_AFTER_CUE.search(_folded(text)):
        text = _PEAK_AFTER.sub(peak, text)
    if _RANGE_CUE.search(text):
        text = _RANGE.sub(upper, text)
    if _RANGE_OR_CUE.search(text):
        text = _RANGE_OR.sub(upper_or, text)
    return text, ranges


def _word_ranges(text: str, plain: str, ranges: list[tuple[str, str]]) -> str:
    """A range said in number words ("cinquenta a oitenta usuários", "between fifty and eighty users"): its upper
    end, as _RANGE reads one in digits (the lower end had been "Não entendi: “cinquenta”")."""
    for m in reversed(list(_WORD_RANGE.finditer(plain))):
        low, high = ("a", "b") if m.group("a") else ("c", "d")
        if _phrase_value(" ".join(LETTERS.findall(m.group(high)))) <= _phrase_value(
            " ".join(LETTERS.findall(m.group(low)))
        ):
            continue
        ranges.append((text[m.start() : m.end()], text[m.start(high) : m.end(high)]))
        text = text[: m.start()] + text[m.start(high) : m.end(high)] + text[m.end() :]
    return text


# What each pattern above needs, tested first: the two numbers and what joins them (_RANGE, _RANGE_OR), a word of
# the peak (_PEAK_AFTER). Each pattern tried from every number, the three were ~9 us of every question.
_RANGE_CUE = regexes.compile(r"(?:\d|k|mil)(?:\s*[-–—~]\s*|\s+(?:a|à|to|até|ate|e|and)\s+)\d", re.IGNORECASE)
_RANGE_OR_CUE = regexes.compile(r"\d(?:\s*,\s+|\s*/\s*|\s+(?:ou|or)\s+)\d", re.IGNORECASE)
_PEAK_AFTER_CUE = prefilter.any_of(frozenset(("pico", "peak", "chegar", "reach", "chegando", "spik")))
# A range of number words before the people or the thousands it counts (_word_ranges).
_WORD_RANGE = regexes.compile(
    rf"(?<![\w])(?:(?:entre|between)\s+(?P<a>{NUMBER_PHRASE.pattern})\s+(?:e|and)\s+(?P<b>{NUMBER_PHRASE.pattern})"
    rf"|(?:(?:de|from)\s+)?(?P<c>{NUMBER_PHRASE.pattern})\s+(?:a|to|ate)\s+(?P<d>{NUMBER_PHRASE.pattern}))"
    # before the people or thousands it counts, or (said "between" its ends) ending a thread's question ("e se forem
    # entre cinquenta e oitenta?")
    rf"(?=\s+(?:mil\b|thousand\b|{_PEOPLE})|(?(a)\s*(?:[?!.;]|$)|(?!)))"
)
# Its cue, a word of a number as a whole word of the text (the range's lower end is one, a space after it): a set's
# test, where the pattern tried from every word was ~30 us a question. Words of other uses ("a", "dos") are left out.
_RANGE_WORDS = frozenset(w for phrase in NUMBER_WORDS for w in phrase.split()) - {
    "a",
    "dos",
    "e",
    "de",
    "of",
    "um",
    "uma",
}


# "4 ou 8 bits", "4/8 bits", "em 4, 8 ou 16 bits": widths offered as a choice share the one "bits" at the end.
_WIDTH = r"(?:2|3|4|5|6|8|16|32)"
_OR = r"(?:\s*,\s*(?:(?:ou|or)\s+)?|\s+(?:ou|or|e|and|vs\.?|versus)\s+|\s*/\s*)"
BIT_CHOICE = regexes.compile(
    rf"(?<![\w.,/:+-])({_WIDTH})((?:{_OR}{_WIDTH})*){_OR}({_WIDTH})(\s*-?\s*bits?)\b", re.IGNORECASE
)
# "em 16 bits, 8 ou 4?", "at 16-bit, 8 or 4": the unit after the first width alone, the list ending the clause
# with a word of choice before its last ("16 bits, 2" alone offers no choice), or before the words of the rest
# of the question ("at 16-bit, 8 or 4 on one l40s?", "em 16 bits, 8 ou 4 para 10 usuários": the 8 and the 4 had
# been dropped); never before a GPU's name ("em 16 bits, 2 ou 4 h100" counts the H100s). The blanks before that
# word are one run or a comma's two ("\s*,?\s+" split a run of blanks every way: a padded question cost seconds).
BIT_CHOICE_AFTER = regexes.compile(
    rf"(?<![\w.,/:+-])({_WIDTH})(\s*-?\s*bits?)((?:{_OR}{_WIDTH})*)(?:\s*,\s+|\s+)(?:ou|or|vs\.?|versus)\s+({_WIDTH})"
    r"(?=\s*(?:[?!;.,]|$)|\s+(?:em|on|in|numa?|nas?|nos?|para|pra|for|com|with)\s)",
    re.IGNORECASE,
)
_WIDTHS = regexes.compile(_WIDTH)
# A width alone at the end of a clause, its unit unsaid ("e em 8?"): _asked_again.
_BARE_WIDTH = regexes.compile(rf"(?<![\w.,])(?:{_WIDTH})\s*$")
# Between two precisions named in full ("fp8 ou int4", "4bit or 8bit", "int4 vs fp8"): a choice, not a
# contradiction.
PRECISION_OR = regexes.compile(rf"(?:{_OR}(?:em\s+|a\s+|at\s+|in\s+)?)", re.IGNORECASE)


def _bit_choices(
    text: str, versions: frozenset[tuple[str, str]] = frozenset()
) -> tuple[str, list[tuple[str, str, str]]]:
    """A choice of bit widths sizes the first ("4 ou 8 bits" is 4 bits) and says the others were not sized.
    A number that is a model's version after its name ("llama 3 ou 4 bits"?) starts no choice."""
    choices: list[tuple[str, str, str]] = []

    def first(m: re.Match) -> str:
        before = _NAME_WORD_BEFORE.search(text, 0, m.start())
        if before and (before.group(1).lower(), m.group(1)) in versions:
            return m.group(0)
        widths = [m.group(1), *_WIDTHS.findall(m.group(2)), m.group(3)]
        if len(set(widths)) < 2:
            return m.group(0)
        kept = f"{m.group(1)}{m.group(4)}"
        choices.append((m.group(0).strip(), kept.strip(), f"{widths[1]}{m.group(4)}".strip()))
        return kept

    def first_with_unit(m: re.Match) -> str:
        widths = [m.group(1), *_WIDTHS.findall(m.group(3)), m.group(4)]
        if len(set(widths)) < len(widths):
            return m.group(0)
        kept = f"{m.group(1)}{m.group(2)}"
        choices.append((m.group(0).strip(), kept.strip(), f"{widths[1]}{m.group(2)}".strip()))
        return kept

    if "bit" not in text.lower():
        return text, choices
    if "," in text:  # FRACTIONAL_BITS's comma: its run over a long message costs ~35 us a thousand characters
        text = FRACTIONAL_BITS.sub(r"\1.\2", text)
    return BIT_CHOICE_AFTER.sub(first_with_unit, BIT_CHOICE.sub(first, text)), choices


# "1,58 bits", "2,22 bit": a width with a decimal comma (Unsloth's names for its dynamic GGUF files, as
# Brazil and Portugal write them) is the same width as "1.58 bits"; "4,8 bits" (one digit) stays a choice.
FRACTIONAL_BITS = regexes.compile(r"(?<![\w.,])(\d),(\d{2})(?=\s*-?\s*bits?\b)", re.IGNORECASE)


def _parse(text: str, catalog: Catalog, base: Workload | None, personal: list[str]) -> Query:
    try:
        query = _read(text, catalog, base)
    except QueryError as e:
        # "e com 4 bist?": a follow-up whose only words are misspelt is read again as the words they are.
        fixes = _keyword_typos(e.unknown, text, catalog) if e.unknown else None
        if not fixes:
            raise
        try:
            query = _reread(text, catalog, base, fixes)
        except QueryError as again:
            # A "correction" still not understood was no typo: the refusal lists the words as typed ("quem
            # tem acesso aos dados?" had listed “acessos”, a word never typed).
            if any(word in again.unknown for _, word, _ in fixes):
                raise e from None
            raise
        query.personal = personal
        return query
    as_typed = True  # read from the text as typed, no typo corrected
    # A trade's word (_trades) is no filler word's typo, corrected silently ("12 revisores" is no "revisões")
    trades = {text[a:b] for a, b in _trades(text, query.unknown)} if query.unknown else set()
    if query.unknown and (
        fixes := [
            fix for fix in _keyword_typos(query.unknown, text, catalog) if fix[2] or fix[0] not in trades
        ]
    ):
        # "10 ususarios": a misspelt word of the query language, read again as the word it is close to.
        first = query
        query = _reread(text, catalog, base, fixes)
        # A "correction" that is still not understood where it stands ("pessoal" is no "pessoa" with no
        # number before it) was no typo: the word stays as typed.
        kept = [fix for fix in fixes if fix[1] not in query.unknown]
        if len(kept) < len(fixes):
            query = _reread(text, catalog, base, kept) if kept else first
        as_typed = not kept
    if query.unknown and as_typed and (spans := _trades(text, query.unknown)):
        # "20 tradutores usando qwen 32b": a trade no list names, and no typo of a word we read ("10 ususarios"
        # is users), read again as the people it counts; where its count still is not ("20 de nossos tradutores
        # usam"), nothing was read of it, and the word stays not understood
        reread = _read(text, catalog, base, trades=spans)
        counts = {m.group(1) for a, _ in spans if (m := _TRADE_COUNT_BEFORE.search(text, 0, a))}
        query = query if counts & set(reread.unknown) else reread
    if query.family_candidate and query.workload is not None:
        # "granite 3.3 8b": its name is said in the answer, no longer among the words not understood.
        named, taken = query.family_candidate
        if all(word in query.unknown for word in taken):
            query.unknown = [u for u in query.unknown if u not in taken]
            # "dolphin-2.9-llama3-8b": a fine-tune named with its base is sized as that base, not by its size
            base = base_in_name(named, catalog)
            model = base.id if base else query.workload.model
            if base is None and (word := family_in_name(named, catalog)) and parse_size(model):
                # "dolphin-qwen2.5-9b": a size its family lacks stays in that family (sizing/names.py scales
                # within it), never another family's model of that size (it had been Gemma 2 9B)
                model = f"{word} {model}"
            if (kind := kind_clash(named, model)) is not None:
                # "recurrentgemma 9b", "jetmoe 8b": a family the catalogue lacks whose name says it is of another
                # kind than the transformer its size would pick (Gemma 2 9B, Llama 3.1 8B had stood in)
                raise QueryError(f"query.unknown_kind_{kind}", hint=f"query.unknown_kind_{kind}", typed=named)
            query.workload = query.workload.but(family_typed=named, model=model)
    if query.workload is not None and query.workload.model and "moe" in text.lower():
        _moe_named_dense(text, query.workload.model, catalog)
    query.personal = personal
    return query


# "deepseek moe 16b", "qwen 14b moe": a family's word, "moe" and a size (or the size, then "moe"), written as a dense
# model's size, not as a mixture of experts' ("30b-a3b")
_MOE_BESIDE_SIZE = regexes.compile(
    r"(?<![\w.-])[a-z][\w.]*(?:[\s_-]+v?\d+(?:\.\d+)?)?[\s_-]+(?:moe[\s_-]+\d+(?:[.,]\d+)?\s*[bm]"
    r"|\d+(?:[.,]\d+)?\s*[bm][\s_-]+moe)(?![\w.])",
    re.IGNORECASE,
)


def _moe_named_dense(text: str, model: str, catalog: Catalog) -> None:
    """ "deepseek moe 16b" had been DeepSeek R1 Distill Qwen 14B, "qwen moe 14b" Qwen2.5 14B: a mixture of experts
    asked for by its family and size is refused when what the size picks is dense (a known MoE of the size, as
    "mixtral moe 47b", is sized)."""
    said = _MOE_BESIDE_SIZE.search(text)
    if said is None or _MOE_SIZE.search(said.group(0)):
        return
    try:
        stand_in = resolve_model(model, catalog).model
    except SizingError:
        return
    if stand_in.moe is None:
        raise QueryError("query.unknown_kind_moe", hint="query.unknown_kind_moe", typed=said.group(0))


# What kind of model a name says it is (sizing/data/vocabulary/all.toml, kind_*): recurrent or state-space
# layers anywhere in a word ("recurrentgemma", "falconmamba") or as a word ("lstm", "linear"), a mixture of
# experts at a word's end ("jetmoe", "olmoe", "foo moe").
_KIND_RECURRENT = regexes.compile(
    rf"{alternation(VOCAB.words('words.kind_recurrent_inside'))}"
    rf"|(?<![a-z0-9]){alternation(VOCAB.words('words.kind_recurrent'))}(?![a-z0-9])",
    re.IGNORECASE,
)
_KIND_MOE = regexes.compile(rf"{alternation(VOCAB.words('words.kind_moe_ending'))}(?![a-z])", re.IGNORECASE)
# A size written as a mixture of experts' ("8x7b", "30b-a3b"): its stand-in is one too.
_MOE_SIZE = regexes.compile(r"\d\s*x\s*\d|\d\s*[bm]\s*-?\s*a\s*\d", re.IGNORECASE)


def kind_clash(named: str, model: str) -> str | None:
    """ "recurrent" or "moe" when a name the catalogue lacks says it is that kind of model and `model`, what its
    size would be sized as, is not: a recurrent or state-space model's fixed state and a mixture of experts'
    weights are no dense transformer's of the same size. A stand-in then would be another kind of model under
    the customer's name; None when the name says no kind, or a mixture of experts' size is given with it
    ("foo 30b-a3b" stands in an MoE of that shape)."""
    if _KIND_RECURRENT.search(named):
        return "recurrent"
    if _KIND_MOE.search(named) and not _MOE_SIZE.search(model):
        return "moe"
    return None


# After a flag's value: another flag, a line continued ("\\"), or the end of the line.
_LAST_VALUE = regexes.compile(r"[ \t]*(?:\\[ \t]*)?(?:$|\n|--?[a-z])", re.IGNORECASE | re.MULTILINE)
# "llama 3.1 70b instruct turbo": an API provider's name for the open model it serves, typed apart (the
# "-Instruct-Turbo" tail is names.py VARIANT_TAILS'); its "turbo" had been "Não entendi".
INSTRUCT_TURBO = regexes.compile(r"[\s_-]+instruct[\s_-]+turbo\b", re.IGNORECASE)
# A file or folder on disk ("./models/qwen2.5-7b-instruct-q4_k_m.gguf", "/models/Qwen2.5-7B-Instruct"): its
# own name is the model's; the folders above it are no words of the question ("models/qwen2.5" had been
# read as a repo, and the model taken for another). A trainer's config file in its folder
# ("deepspeed_configs/zero2.json", "examples/llama3/qlora.yml") is no repo either. A rate's unit with its
# user after a slash ("30 tok/s/user", "2 req/min/user") is no folder. Nor is a date ("prazo 15/12/2026": its
# "2026" had been read as 2,026 users, the day and month dropped): pieces that are all numbers name no folder.
LOCAL_PATH = regexes.compile(
    r"(?<![\w:/.~-])(?!(?:\d+/)+\d+(?![\w./-]))(?!(?:tokens?|toks?|tk|reqs?|requests?|t|msgs?|messages?|queries|calls?)/(?:s|seg|sec|min|h|hr|hour|d|day|dia)/)(?:(?:~|\.{1,2})?/(?:[\w.-]+/)+|(?:[\w.-]+/){2,}|[\w.-]+/(?=[\w.-]+\.(?:gguf|json|ya?ml)\b))"
    r"([\w.-]+?)/?(?![\w./-])"
)
_FLAG = regexes.compile(r"(?<![\w-])(--?)([a-z][\w.-]*)(?:(=|\s+)([^\s-][^\s]*))?", re.IGNORECASE)
_LAUNCHER = regexes.compile(
    rf"(?<![\w./-]){alternation(VOCAB.words('launch.launchers'))}(?![\w/:-])", re.IGNORECASE
)
_LAUNCH_KINDS = ("context", "users", "users_limit", "tp", "pp", "ep", "cp", "vpp", "recompute", "attention", "async_tp", "lora_dropout", "seq_len", "precision", "kv_cache", "model",
                 "memory_utilization", "prefill_chunk", "prompt_limit", "lora_enable", "lora_count", "lora_rank",
                 "gpu_layers")  # fmt: skip
_LAUNCH_FLAGS = {
    word.replace("_", "-"): kind
    for kind in (*_LAUNCH_KINDS, "trainer", "fsdp", "gpus")
    for word in VOCAB.words(f"launch.{kind}")
}
# A value a flag takes: a number, a path, a size, a name with a digit or punctuation ("0.9", "8000:8000").
_FLAG_VALUE = regexes.compile(r"^[\w./:@,+=-]*[\d./:_=@][\w./:@,+=-]*$")


def _users_limit(scan: _Scan, n: int) -> int:
    """ "--max-num-seqs 64", "max_num_seqs=64": users, and counted as an engine's ceiling (Workload.users_limit)."""
    scan.found.setdefault("users_limit", []).append((n, str(n)))
    return n


# "h100 pcie e sxm", "a100 40gb ou 80gb", "rtx 6000 ada vs blackwell": a GPU's name, one variant, a word of
# choice and another variant said without the name again.
_GPU_VARIANTS = regexes.compile(
    r"(?i)(?P<name>\b(?:[a-z]+\s+)?[a-z]*\d{2,4}[a-z]*)\s+(?P<a>[a-z0-9]+)"
    # (?:\s*,)?\s+ is \s*,?\s+ (the same texts) without its two ways to share a run of blanks: tried on every
    # split of a long run before failing, it had taken ~0.6 s on a question padded with 4,000 spaces.
    r"(?:\s*,)?\s+(?P<c>e|ou|or|and|vs\.?|versus|x)\s+(?P<b>[a-z0-9]+)\b"
)


# "uma H100zinha", "a 4090zinha", "duas A100zonas": Portuguese diminutives and augmentatives of a GPU's name
# are that GPU (the GPU had been a word not understood, and the question sized on the GPUs we rent).
_GPU_DIMINUTIVE = regexes.compile(
    r"(?i)\b([a-z]*\d{2,4}[a-z]*?)(?:zinh[ao]s?|inh[ao]s?|zon[ao]s?|z[aã]o|z[oõ]es)\b"
)


# What each of _GPU_DIMINUTIVE's endings holds, and each of _GPU_VARIANTS' words of choice with the blanks around
# it: cheaper tests than the patterns, which start at every word, and find nothing in nearly every question.
_DIMINUTIVE_ENDS = prefilter.any_of(frozenset(("inh", "zon", "zao", "z\u00e3o", "zoe", "z\u00f5e")))
_VARIANTS_CHOICE = regexes.compile(r"\s(?:e|ou|or|and|vs\.?|versus|x)\s", re.IGNORECASE)


def _gpu_diminutives(text: str, catalog: Catalog) -> str:
    """The text with a GPU's name said in a diminutive ("h100zinha") written as the name, when it is one."""
    if not _DIMINUTIVE_ENDS.search(_folded(text)) or not _GPU_DIMINUTIVE.search(text):
        return text
    index = _indexes(catalog)["gpu"]
    return _GPU_DIMINUTIVE.sub(lambda m: m.group(1) if normalize(m.group(1)) in index else m.group(0), text)


def _gpu_variants(text: str, catalog: Catalog) -> str:
    """ "h100 pcie e sxm" is "h100 pcie e h100 sxm": two GPUs compared, as "h100 ou h200" is (the second
    variant had been a word not understood, and one GPU sized). Only when the name with each variant is a
    catalogue GPU, two different ones."""
    if not _VARIANTS_CHOICE.search(text) or not _GPU_VARIANTS.search(text):
        return text
    index = _indexes(catalog)["gpu"]

    def spelled(m: re.Match) -> str:
        words = m.group("name").split()
        for name in (" ".join(words), words[-1]):
            first, second = (index.get(normalize(f"{name} {m.group(v)}")) for v in ("a", "b"))
            if first is not None and second is not None and first is not second:
                head = m.group(0)[: m.start("b") - m.start()]
                return f"{head}{name} {m.group('b')}"
        return m.group(0)

    return _GPU_VARIANTS.sub(spelled, text)


def launch_line(text: str) -> str:
    """A serving engine's launch line, as the rest of the grammar reads it: "--max-model-len 32768" is a
    context, "--max-num-seqs 64" users, "--tensor-parallel-size 2" the tensor-parallel degree, "--quantization
    awq" a precision, "--kv-cache-dtype fp8" the cache's, "--gpu-memory-utilization 0.95" the share of memory
    the server takes; every other flag goes with its value ("--port 8000", "python -m vllm.entrypoints..."
    are not the workload)."""
    if "-" not in text:
        return text
    launcher = _LAUNCHER.search(text) is not None
    if not launcher and not re.search(r"(?<![\w-])--[a-z]", text, re.IGNORECASE):
        return text

    lora = {}  # vLLM's LoRA flags, read together: --enable-lora alone serves its default of 1 adapter
    parallel = re.search(r"(?<![\w-])(?:-np|--parallel)(?:=|\s+)(\d+)\b", text, re.IGNORECASE)
    slots = int(parallel.group(1)) if parallel and (launcher or parallel.group(0).startswith("--")) else 0

    def flag(m: re.Match) -> str:
        dashes, name, joiner, value = m.group(1), m.group(2).lower().replace("_", "-"), m.group(3), m.group(4)
        kind = _LAUNCH_FLAGS.get(name)
        if len(dashes) == 1 and not launcher and kind != "gpu_layers":
            return m.group(0)  # "-4bit", "gpt-oss -20b": no launch line; "-ngl 99" is llama.cpp's alone
        if kind == "gpu_layers":
            # every layer on the GPU, as sized: read, nothing to change; fewer is an offload, left unread
            every = value is not None and re.fullmatch(
                r"-1|all|max|\d{3,}|99", value.rstrip("?!.,;:)").lower()
            )
            return " " if every else m.group(0)
        if kind is None and len(dashes) == 1 and len(name) > 2:
            return m.group(0)
        if kind == "recompute":
            # Megatron-LM's granularity, read as said in words; --recompute-activations alone is its selective one
            granularity = (value or "").lower()
            if name == "recompute-activations" or granularity == "selective":
                return " selective recomputation " + ("" if granularity in ("", "selective") else f"{value} ")
            return " full recomputation " if granularity == "full" else f" {value or ''} "
        if kind == "attention":
            # only eager changes the figures (FlashAttention and SDPA's kernels keep no scores)
            return " attn_implementation eager " if (value or "").lower().strip("\"'") == "eager" else " "
        if kind == "async_tp":
            # a switch, read as said in words ("--compile.enable_async_tensor_parallel", "... false" off)
            return " async tp " if value is None or value.lower() in ("true", "1") else " "
        if kind == "lora_dropout" and value and re.fullmatch(r"\d*\.?\d+", value):
            return f" lora_dropout {value} "
        if kind == "fsdp":
            # its value is how it shards ("full_shard auto_wrap"), read as ZeRO-3 all the same
            return " fsdp "
        if kind == "gpus" and value and re.fullmatch(r"\d+", value):
            return f" {value} gpus "
        if kind == "trainer":
            switch = value is None or value.lower() in ("true", "1")
            return f" {m.group(2).replace('-', '_')}{'' if switch else f': {value}'} "
        if kind == "lora_enable":
            lora.setdefault("count", 1)
            if value is None or value.lower() in ("true", "1"):
                return " "
        if value is None:
            return " "
        value = value.rstrip("?!.,;:)")
        plain = value.strip("'\"`").lower()
        if kind == "model":
            # "-m Qwen2.5-7B-Instruct-Q4_K_M.gguf" is the model; "python -m vllm.entrypoints..." a module.
            return f" --model {value} " if re.search(r"\d", value) or "/" in value else " "
        if kind == "users_limit" and re.fullmatch(r"\d+", plain):
            # A ceiling on sequences at once, read as vLLM's own key (VLLM_SEQS): the users, marked as a limit.
            return f" max-num-seqs={plain} "
        if kind == "context" and name in ("c", "ctx-size") and slots and re.fullmatch(r"\d+", plain):
            # llama-server's -c is the context of all its -np slots together (tools/server/README.md:
            # --parallel), each conversation gets its share
            return f" ctx {int(plain) // slots} "
        if kind in (
            "context",
            "users",
            "users_limit",
            "tp",
            "pp",
            "ep",
            "cp",
            "vpp",
            "seq_len",
        ) and re.fullmatch(r"\d+(?:\.\d+)?k?", plain):
            key = {"context": "ctx", "users": "users=", "users_limit": "users=", "seq_len": "seq"}.get(
                kind, kind
            )
            return f" {key}{'' if key.endswith('=') else ' '}{plain} "
        if kind == "precision":
            plain = re.sub(r"[-_]marlin$", "", plain)
            return " " if plain == "auto" else f" {plain} "
        if kind == "kv_cache":
            if name != "kv-cache-dtype" and re.fullmatch(r"[a-z]*\d+(?:_[a-z0-9]+)?", plain):
                # llama.cpp's K (-ctk) and V (-ctv) caches, each kept as typed: they may differ (_kv_precision)
                return f" -ct{name[-1]} {plain} "
            if re.fullmatch(r"q[458]_[01]|iq4_nl", plain):
                return f" kv {plain} "  # llama.cpp's types, sized by the engine that serves (names.py)
            return " kv fp8 " if plain.startswith("fp8") else " "
        if kind == "memory_utilization" and re.fullmatch(r"\d*\.?\d+", plain):
            return f" gpu-memory-utilization {plain} "
        if kind == "prefill_chunk" and re.fullmatch(r"\d+k?", plain):
            return f" max-num-batched-tokens {plain} "
        if kind == "prompt_limit" and re.fullmatch(r"\d+", plain):
            return f" max-input-tokens={plain} "  # read by PROMPT_LIMIT
        if kind in ("lora_count", "lora_rank") and re.fullmatch(r"\d+", plain):
            lora["count" if kind == "lora_count" else "rank"] = int(plain)
            return " "
        # Any other flag: its value goes too when it looks like one (a word such as "quantas" stays), or when
        # another flag or the line's end follows it ("--api-key segredo --port 8000", "--backend ray").
        return (
            " "
            if joiner == "="
            or _FLAG_VALUE.match(value)
            or value.lower() in ("all", "host")
            or (kind is None and _LAST_VALUE.match(m.string, m.end()))
            else f" {value}"
        )

    text = _FLAG.sub(flag, text)
    if lora:
        # Said as the served adapters are in prose ("4 loras rank 64", "1 lora adapter"), at the flags' place.
        count, rank = lora.get("count", 1), lora.get("rank")
        said = f"{count} loras" if count > 1 else "1 lora adapter"
        text = f"{text} {said}{f' rank {rank}' if rank else ''} "
    # The launcher ("vllm", "llama-server") and a container image with its registry or tag
    # ("vllm/vllm-openai:latest", "ghcr.io/huggingface/text-generation-inference:2.4.0") are no workload.
    # llama.cpp's own launchers run GGUF files: said as "llama.cpp", the GGUF default the name gives when no file
    # type is typed (a type typed wins, as "q8_0 no lm studio"); "llama.cpp com -ngl 99, llama 3 8b" had been
    # sized in 16 bits.
    return _LAUNCHER.sub(
        lambda m: " llama.cpp " if m.group(0).lower() in _GGUF_LAUNCHERS else " ", _IMAGE.sub(" ", text)
    )


_GGUF_LAUNCHERS = frozenset(["llama.cpp", "llama-server", "llama-cli"])


_IMAGE = regexes.compile(
    r"(?:(?<!\S)(?:image|imagem)\s*:?\s+)?"  # "image vllm/vllm-openai:latest": the word goes with it
    r"(?:(?<!\S)(?:[\w-]+(?:\.[\w-]+)+/)?[\w.-]+(?:/[\w.-]+)*:(?:latest|v?\d+(?:\.\d+)+[\w.-]*)(?!\S)"
    r"|(?<!\S)[\w-]+(?:\.[\w-]+)+/[\w.-]+(?:/[\w.-]+)*(?!\S))",
    re.IGNORECASE,
)
# "Command R+" is Command R Plus: the "+" is a word of its name, which names ignore ("command r+ 08-2024").
NAME_PLUS = regexes.compile(r"\b(command[\s_-]*r)\s*\+(?![\w+])", re.IGNORECASE)
OLLAMA_TAG = regexes.compile(
    r"(?<![\w/:.-])([a-z][\w.-]*?):(\d+(?:\.\d+)?[bm](?:-a\d+(?:\.\d+)?b)?)((?:-[\w.]+)*)(?![\w.])",
    re.IGNORECASE,
)
# Parts of an Ollama tag after the size: the chat variant says nothing; "qat" is Google's quantization-aware
# release, published as Q4_0 (Gemma 3 QAT); anything else (a llama.cpp type) is read as written.
_TAG_PARTS = {"it": "", "instruct": "", "chat": "", "text": "", "qat": "q4_0"}


# A tag's context window ("phi3:14b-medium-128k-instruct-q4_K_M") names the variant with the words before it:
# part of the model's name, Phi-3 Medium 128K (its "128k" had been a context asked, "medium" not understood).
_TAG_WINDOW = regexes.compile(r"(?i)\d+k")


def _ollama_tag(m: re.Match, bare: list[str]) -> str:
    parts = [part for p in m.group(3).split("-") if p and (part := _TAG_PARTS.get(p.lower(), p))]
    window = next((i for i, p in enumerate(parts) if _TAG_WINDOW.fullmatch(p)), None)
    if window is not None:
        name, parts = "-".join([m.group(1), *parts[: window + 1]]), parts[window + 1 :]
        if not parts:  # no file after it: Ollama's default, said so, as below
            bare.append(m.group(0))
        return " ".join([name, m.group(2), *(parts or ["ollama"])])
    if not parts:
        # "gemma3:27b" names no file: `ollama pull` takes the tag's default, Q4_K_M for the library's models
        # (https://ollama.com/library, each tag's default). A precision typed with it still wins (RUNTIME_DEFAULTS).
        bare.append(m.group(0))
        parts = ["ollama"]
    return " ".join([m.group(1), m.group(2), *parts])


# A repo's own name pasted without its owner ("Qwen3-32B-AWQ", "llama-3.1-8b-instruct-awq"): a model's name
# joined by hyphens or underscores to what follows it.
BARE_REPO = regexes.compile(
    r"(?<![\w./@:-])([a-z][a-z0-9.]*(?:[-_][a-z0-9.]+){2,})(?![\w/:-])", re.IGNORECASE
)


_SIZED = regexes.compile(r"(?<![a-z0-9])(?:\d+x)?\d+(?:\.\d+)?[bm](?![a-z0-9])", re.IGNORECASE)  # "8x7B" too
_DATE_TAIL = regexes.compile(r"[-_.]\d{4}$")  # "-2506": a release's year and month (Mistral, Qwen)
_BASE_TAIL = regexes.compile(r"(?i)[-_.]base(?![a-z])")


def _bare_repo_names(text: str, catalog: Catalog) -> str:
    """A repo's name typed without its owner, read as the repo is: a published checkpoint the catalogue
    lists ("Llama-3.1-405B-Instruct-FP8") as that checkpoint, and a catalogue model with a quantization tail
    ("qwen3-32b-awq", "llama-3.1-8b-instruct-awq") as the model at the precision the tail names
    (sizing.names.repo_precision), as "Qwen/Qwen3-32B-AWQ" is; any other name keeps that precision too."""
    if "-" not in text and "_" not in text:
        return text
    index = _indexes(catalog)["model"]
    releases = release_index(catalog.models)

    def split(m: re.Match) -> str:
        name = m.group(1)
        key = normalize(name)
        if key in index:
            return name
        if key in releases:
            return releases[key][1].repo
        if not _SIZED.search(name):
            return name  # "paged_adamw_8bit" is an optimizer: a model's name says its size
        try:
            base, precision = repo_precision(name)
        except SizingError as e:
            raise QueryError.from_sizing(e) from None
        plain = VARIANT_TAILS.sub("", base)
        if precision is None and (versioned := versioned_prefix(base, index)) is not None:
            # "mistral-7b-instruct-v0.1-pt": the catalogue's name with its version, a variant tail dropped, and
            # any other words apart ("mistral-7b-v0.1-foo"); the version had been dropped with the tail
            named, rest = versioned
            return named if VARIANT_TAILS.fullmatch("-" + rest) else f"{named} {rest}"
        if precision is None and plain != base and normalize(plain) in index:
            # "Qwen2.5-Coder-7B-Instruct": the catalogue's name with a variant tail; a base release's tail is said
            # after it ("Llama-3.1-8B-Base": "llama 3.1 8b base" trained continues its pre-training, _BASE_RELEASE)
            return f"{plain} base" if _BASE_TAIL.search(base[len(plain) :]) else plain
        if precision is None:
            # "Qwen3-32B-Instruct-2507": the catalogue's model, its release's date after it (RELEASE_TAG)
            tag = _DATE_TAIL.search(plain)
            undated = VARIANT_TAILS.sub("", _DATE_TAIL.sub("", plain))
            if not (tag and normalize(undated) in index):
                return name
            undated = name[: len(undated)] if name.lower().startswith(undated.lower()) else undated
            return f"{undated} {tag.group(0)[1:]}"
        candidates = (base, plain, VARIANT_TAILS.sub("", _DATE_TAIL.sub("", plain)))
        named = next((c for c in candidates if normalize(c) in index), None)
        if precision == "gguf":
            # "Qwen2.5-7B-Instruct-GGUF": the model, in a llama.cpp file of a type the name does not say.
            return f"{named} gguf" if named else name
        if (bpw := exl2_bpw_of_id(precision)) is not None:
            return f"{named or plain} {bpw:g}bpw exl2"  # "-exl2_6_5": the width as EXL2_WIDTH reads it
        return f"{named or plain} {precision}"

    return BARE_REPO.sub(split, text)


# A GGUF file's name ends in its llama.cpp type: "Qwen2.5-7B-Instruct-Q4_K_M.gguf" is that model at Q4_K_M.
# Unsloth's dynamic files add "UD-" before the type ("DeepSeek-R1-UD-IQ1_S-00001-of-00003.gguf").
GGUF_FILE = regexes.compile(
    r"\b([\w.-]+?)[-_.](?:ud[-_])?((?:i?q\d(?:_[a-z0-9]+)*)|bf16|f16|f32)(?:-\d+-of-\d+)?\.gguf\b", re.I
)


def _reread(text: str, catalog: Catalog, base: Workload | None, fixes) -> Query:
    fixed = text
    for typed, word, _ in fixes:
        fixed = re.sub(rf"(?<!\w){re.escape(typed)}(?!\w)", word, fixed)
    # Said when the word matters; a misspelt filler word ("simultanos") is simply no longer reported.
    query = _read(fixed, catalog, base, corrections=[(typed, word) for typed, word, said in fixes if said])
    # The language is the words' as typed (Portugal's "objectivo", read again as "objetivo", had been pt-BR),
    # else the corrected words' ("10 ususarios" says nothing until it is "usuarios").
    query.written_lang = _written_lang(text) or query.written_lang
    query.detected_lang = i18n.lang_of(query.written_lang)
    return query


# "150 concurrent agents", "200 agentes": people counted (a contact center's), not AI agents calling tools.
_AGENTS_COUNTED_BEFORE = regexes.compile(r"(?<![\w.,])\d[\d.,]*\s*(?:k|mil)?\s+(?:[a-z]+\s+){0,2}$")
_AGENTS = regexes.compile(r"agents?|agentes?")


# "qual seria a fatura mensal?", "the monthly invoice": the bill for the service, which the cost answers, not an
# invoice read by the model (tasks.extraction).
_INVOICE = regexes.compile(r"fa[ck]?tura\w*|invoices?|bill")
_BILLED = regexes.compile(r"\s*(?:mensa(?:l|is)|anua(?:l|is)|monthly|annual|yearly|do\s+mes|por\s+mes)\b")
_MONTHLY_BEFORE = regexes.compile(r"\b(?:monthly|annual|yearly)\s+$")


def _task_word(scan: _Scan, m: re.Match, task: Task) -> Task | None:
    if task is Task.extraction and _INVOICE.fullmatch(m.group(0).lower()):
        after, before = strip_accents(scan.original[m.end() :].lower()), scan.original[: m.start()].lower()
        if _BILLED.match(after) or _MONTHLY_BEFORE.search(before):
            scan.blank(m.start(), m.end())  # read: the money the answer already gives
            return None
    if (
        task is Task.agent
        and _AGENTS.fullmatch(m.group(0))
        and _AGENTS_COUNTED_BEFORE.search(scan.original[: m.start()].lower())
    ):
        return None
    return task


def _given(fields: dict, stage: Stage | None) -> dict:
    """The workload a question described with no model (the fields it said, and its stage), for the answers
    that need no model: the suggestions and what fits on a GPU (sizing/fits.py)."""
    given = {k: v for k, v in fields.items() if v is not None}
    if stage is not None:
        given["stage"] = stage
    return given


def _workload_said(fields: dict, stage: Stage | None) -> bool:
    """Whether a question says some of its workload (a load, a length, a training stage) beside the model."""
    if stage is not None and stage is not Stage.inference:
        return True
    # what is read ("notas fiscais") is said with a task or a load, never a workload alone
    return any(
        v is not None and k not in _OFFERING_FIELDS and k not in ("gpu", "documents")
        for k, v in fields.items()
    )


def _offering_asked(plain: str, fields: dict, stage: Stage | None) -> bool:
    """Whether a question with no model asks for the GPUs we rent or their prices: words for the list or a
    price per hour, or nothing but "preços", and neither a GPU nor a workload (those are sized: a GPU named
    is what fits on it, with its own price)."""
    if fields.get("gpu") or stage not in (None, Stage.inference):
        return False
    if any(v is not None and k not in _OFFERING_FIELDS and k != "documents" for k, v in fields.items()):
        return False
    if _OFFER_ASK.search(plain) and OFFERING_OURS.search(plain) and not _NEED.search(plain):
        return True
    return OFFERING.search(plain) is not None or OFFERING_ALONE.fullmatch(plain) is not None


def _stock_asked(scan: _Scan, plain: str) -> bool:
    """ "tem H100 disponível?", "quantas gpus vocês têm?", "quantas H100 vocês têm?": the stock or the fleet's
    size, which the bot cannot see; the answer says who confirms it (offered.availability). A count needed
    ("quantas H100 preciso?") is a sizing's."""
    if AVAILABILITY.search(plain) is not None:
        return True
    return _how_many_gpus(scan) and not _NEED.search(plain)


# "o que é kv cache?", "what is the kv cache?", "como funciona o cache kv?" asked first, with no thread: what it
# is, with the formula and a catalogue model's figures (in a thread, the thread's figures: kv_explained).
_KV_WHAT = concepts.ASKS
# Maritaca AI's Sabiá named without its version: only as typed with its accent, or "sabia" after the maker's
# name, as the verb "sabia" ("eu não sabia se cabe") is spelled without one.
_SABIA = regexes.compile(r"(?i)(?<![\w-])(?:maritaca(?:\s+ai)?\s+sabi[aá]|sabi[áÁ])(?![\w-])")


def _kv_asked(plain: str, fields: dict, stage: Stage | None) -> bool:
    """Whether a question with no model asks what the KV cache is (no workload said: "kv cache de 32k para 10
    usuários" lacks its model instead)."""
    if stage not in (None, Stage.inference) or any(v is not None for v in fields.values()):
        return False
    return KV_NEED.search(plain) is not None and _KV_WHAT.search(plain) is not None


def _kv_explained(catalog: Catalog) -> QueryError:
    """What the KV cache is, its formula, and one catalogue model's figures at 16 bits (sizing/concepts.py):
    an answer like the other concepts', not a refusal (it had gone to stderr and the log as a failed request)."""
    return ConceptAnswer(["kv_cache"])


def _topic_asked(scan: _Scan, fields: dict, stage: Stage | None, model, size) -> QueryError | None:
    """A message that asks for no sizing (sizing/topics.py): how to buy, the data and the LGPD, what we
    rent; answered with the sentence of its subject, or the GPUs we rent with a line of its own. Only with no
    load said: "dados de saúde, chatbot para 50 médicos" is still a workload to size. None: no subject."""
    plain = strip_accents(scan.original.lower())
    # a load, a length, a precision: a workload to size. A stage alone is not ("vocês usam nossos dados pra
    # treinar modelos?", "vocês têm DPO?": the data protection officer, not the training method)
    said = any(
        v is not None and k not in _OFFERING_FIELDS and k not in ("gpu", "method", "documents")
        for k, v in fields.items()
    )
    if model or size:
        # "os dados saem do Brasil se eu usar o deepseek?": where an open model's data goes, not a sizing
        chinese = model and not said and not fields.get("gpu")
        if chinese and topic_words.about_chinese_model(plain, str(model)):
            return QueryError("query.topic_china", hint="query.residency_size")
        return None
    if fields.get("gpu"):
        return None  # what fits on it, with the facts asked of it (sizing/fits.py)
    if not said and (modes := concepts.modes_asked(plain)):
        # "o que é modo dedicado?", "reservado vs sob demanda?": what each mode is and binds, not the whole list
        error = QueryError("query.offering", hint="query.examples")
        error.given = {"modes": modes}
        return error
    # "quais GPUs vocês têm em São Paulo?": the list asked for, not a subject's sentence
    key = None if _offering_asked(plain, fields, stage) else topic_words.asked(plain)
    # "tem nota fiscal?": the billing asked, though "notas fiscais" had named a task to suggest models for
    # "vocês têm suporte 24h?": the hours are the support's, asked with it, not a service's (always_on)
    of_topic = ("always_on", "business_hours") if key == "support" else ()
    said_beyond_task = said and any(
        v is not None
        and k not in _OFFERING_FIELDS
        and k not in ("gpu", "method", "task", "documents", *of_topic)
        for k, v in fields.items()
    )
    # "where are the chat logs stored?", "onde ficam os logs do chatbot?": a task's word inside a question about
    # logs names whose logs, not a use to size
    task_only = key in topic_words.NEVER_A_LOAD or key in topic_words.WITH_LOG
    if key is not None and (not said or (task_only and not said_beyond_task)):
        error = QueryError(f"query.topic_{key}", hint="query.residency_size")
        if key in topic_words.WITH_LOG:
            error.params["retention_days"] = topic_words.RETENTION_DAYS
        return error
    key = topic_words.asked(plain, topic_words.WITH_OFFERING)
    if key is not None and not said:
        error = QueryError("query.offering", hint="query.examples")
        error.given = {"topic": key}
        return error
    return None


def _eu_named(scan: _Scan, m: re.Match) -> str | None:
    """ "eu" when a match of EU_RESIDENCY names the EU; a bare "ue"/"eu" only as typed in capitals, in a text
    not all in capitals ("EU PRECISO" is the pronoun)."""
    if m.group(0) in ("ue", "eu"):
        typed = scan.original[m.start() : m.end()]
        if not typed.isupper() or scan.original.isupper():
            return None
    return "eu"


def _residency(scan: _Scan) -> list[str] | None:
    """Where the question says the data must stay: ["eu"], with "lgpd" beside it when the LGPD is named too
    (both notes are then said); None when it names no such place."""
    if not scan.found.get("residency"):
        return None
    return ["eu", "lgpd"] if re.search(r"\blgpd\b", scan.work) else ["eu"]


# A training set's volume by period: "500 mil tokens por semana", "50 mil documentos por mês", "300 mil palavras
# por semana de atas", "2 milhões de tokens por semana durante 4 semanas". In a training question it is the
# data, not request traffic: the period's words are taken here (the volume is read as training data after),
# and a span of periods said with it sums them.
_PERIOD_DAYS = {"dia": 1, "day": 1, "semana": 7, "week": 7, "mes": 30, "month": 30, "ano": 365, "year": 365}
DATA_PER_PERIOD = regexes.compile(
    r"(?<![\w.,])(?P<num>\d+(?:[.,]\d+)*)\s*(?P<mult>mil|milhoes|milhao|mi|bilhoes|bilhao|bi|k|m|b|thousand|millions?"
    r"|billions?)?\s*(?:de\s+|of\s+)?(?:(?P<tokens>tokens)|documentos|docs|exemplos|examples|palavras|words|documents|amostras|samples"
    r"|pares|pairs|textos|texts|registros|records|atas)\b"
    r"(?:\s+(?:de|of)\s+[a-z]+)?"
    r"\s*(?P<per>(?:por|/|a|an|per|each|every|cada)\s*(?P<unit>semana|mes|dia|ano|week|month|day|year))\b"
    r"(?:\s+(?:de|of)\s+[a-z]+)?"
    r"(?P<over>\s*,?\s*(?:durante|por|ao\s+longo\s+de|for|over|during)\s+(?P<n>\d+)\s+"
    r"(?P<unit2>semanas?|mes(?:es)?|dias?|anos?|weeks?|months?|days?|years?)\b)?"
)


_SERVING_SAID = regexes.compile(rf"\b{_W('stages.inference')}")
_PERIOD_MULTIPLIERS = {"mil": 10**3, "k": 10**3, "thousand": 10**3, "milhoes": 10**6, "milhao": 10**6, "mi": 10**6,
                       "m": 10**6, "million": 10**6, "millions": 10**6, "bilhoes": 10**9, "bilhao": 10**9,
                       "bi": 10**9, "b": 10**9, "billion": 10**9, "billions": 10**9}  # fmt: skip


def _data_per_period(scan: _Scan) -> None:
    if not scan.may_match(DATA_PER_PERIOD) or not scan.training_said():
        return
    if scan.search(_SERVING_SAID):
        return  # "treinar um lora e depois servir 10 mil documentos por dia": the serving's load (serve_after)
    for m in list(DATA_PER_PERIOD.finditer(scan.work)):
        if m.group("tokens"):
            # "500 mil tokens por semana": tokens of data, however few (alone, thousands are a context)
            tokens = round(_count(m.group("num")) * _PERIOD_MULTIPLIERS.get(m.group("mult") or "", 1))
            scan.found.setdefault("tokens", []).append((tokens, scan.original[m.start() : m.end("tokens")]))
            scan.blank(m.start(), m.end("tokens"))
        periods = 1
        end = m.end("per")
        if m.group("over"):
            unit2 = m.group("unit2")
            days = next(d for word, d in _PERIOD_DAYS.items() if unit2.startswith(word))
            periods = max(1, round(int(m.group("n")) * days / _PERIOD_DAYS[m.group("unit")]))
            end = m.end("over")
        typed = scan.original[m.start("per") : end].strip(" ,")
        scan.found.setdefault("data_periods", []).append((periods, typed))
        scan.blank(m.start("per"), m.end("per"))
        if m.group("over"):
            scan.blank(m.start("over"), m.end("over"))


def _training_said(scan: _Scan) -> bool:
    """Whether a word for training is in the text (read before the stage words are taken)."""
    return any(kind != "inference" and pattern.search(scan.work) for kind, pattern in STAGES)


# A letter with an accent ("simultâneos", "época"), which Portuguese and Spanish write and English does not.
ACCENTED = regexes.compile(r"[à-öø-ÿ]")


def _accented(text: str) -> bool:
    return not text.isascii() and ACCENTED.search(text.lower()) is not None


@lru_cache(maxsize=512)
def _written_lang(text: str) -> str | None:
    """The language the text is written in, Portugal's grammar included (PT_PT_PHRASES): also where the words
    tie Portuguese with Spanish ("gemma 27b por 20 pessoas a utilizar"), as that grammar is Portugal's alone."""
    plain = strip_accents(text)
    words = _written_words(plain)
    written = VOCAB.detect(words, accented=_accented(text))
    if foreign(written) and len({w.lower() for w in words} & VOCAB.languages[written].markers) < 2:
        # One word of a language we do not read is no question in it: "nous-hermes-2-yi-34b" (French "nous"), "mit
        # license" (German "mit") had been answered in English as a French or German question.
        return None
    if written not in ("pt-BR", "pt-PT") and (bare := latency.without_places(plain.lower())) != plain.lower():
        # "latency from Buenos Aires": a foreign place's name says where the users are, not the language asked
        # in ("Lisboa" still says Portugal's Portuguese, as the vocabulary means it to)
        written = VOCAB.detect(_written_words(bare), accented=_accented(text)) or written
    if (
        written in ("pt-BR", None)
        and (" a " in plain or "milhoes" in plain or "simultaneo" in plain)
        and PT_PT_PHRASES.search(plain)
    ):
        return "pt-PT"
    return written


# Kept by text: the Slack app asks it for every request, a cached answer's too, and a parse asks
# _written_lang again (VOCAB is fixed for the life of the process). 512 texts, as many as the app keeps
# rendered answers (bot/pipeline.py), bounded because a Slack message may hold 40,000 characters.
@lru_cache(maxsize=512)
def clearly_written(text: str) -> str | None:
    """The language the text is plainly written in (VOCAB.clearly), else None: short or mixed text, whose
    language the Slack locale or the thread decides."""
    written = _written_lang(text)
    if foreign(written):
        return answered_in(written)
    if not VOCAB.clearly(_written_words(strip_accents(text).lower())):
        return None
    return written


# Refusals that say a question's words were not read: for a question in a language we do not read, that language
# is why (the other refusals, "qual o preço da H100?" in French, say what they say).
_NOT_READ_KEYS = ("query.nothing_understood", "query.no_model", "unknown_model", "query.not_understood")


def answered_in(written: str | None) -> str | None:
    """The language a question written in `written` is answered in, where its words decide: English for one we
    neither read nor answer in (foreign), else that language."""
    return VOCAB.languages[written].answer_in if foreign(written) else written  # type: ignore[index]


def foreign(written: str | None) -> bool:
    """Whether a question's language is one we neither read nor answer in (vocabulary answer_in: German)."""
    lang = VOCAB.languages.get(written) if written else None
    return lang is not None and lang.answer_in is not None


def _read(text: str, catalog: Catalog, base: Workload | None, corrections=(), trades=()) -> Query:
    scan = _Scan(text, _as_people(strip_accents(text), trades))
    # "qwen 3,5 27b": a version written with a decimal comma, as Brazilian numbers are (the same length, so
    # every position still points into the text as typed).
    if "," in scan.work:
        scan.work = _COMMA_VERSION.sub(lambda m: m.group(0).replace(",", "."), scan.work)
    # "deepseek r1 distil qwen 32b": distill spelt with one l, which names ignore spaces around (the same
    # length: every position still points into the text as typed). It had been Qwen2.5 32B.
    if "distil" in scan.work:
        scan.work = _DISTIL.sub("distill", scan.work)
    written = _written_lang(text)
    # A language read but not answered in (Spanish, sizing/data/vocabulary/es.toml) is answered in the default.
    query = Query(detected_lang=i18n.lang_of(written), written_lang=written, corrections=list(corrections))
    query.trades = list(
        {text[start:end].casefold(): text[start:end] for start, end in reversed(trades)}.values()
    )[::-1]
    if "v" in scan.work:
        query.vision_named = [scan.original[m.start() : m.end()] for m in VISION_NAMED.finditer(scan.work)]
    if not scan.work.strip() or scan.match(HELP) or topic_words.is_help(scan.work, scan.told_now()):
        query.help = True
        return query
    if topic_words.is_thanks(scan.work, scan.told_now()):
        # "obrigado!", "valeu", "thanks!": a short, courteous reply (sizing/topics.py), not "Não entendi"
        raise QueryError("query.topic_thanks", hint=None)
    if scan.match(LOG_HELP):
        query.help = query.help_log = True
        return query
    # before the rates and phases read "subir pra produção" as a deployment's
    _before_production(scan)

    # Embedding, speech and image models first, repo ids included ("BAAI/bge-m3"): they are not LLMs to size.
    for kind, pattern in OUT_OF_SCOPE:
        for m in scan.finditer(pattern):
            # The whole name the word is part of: "Qwen/Qwen3-Embedding-8B", "Alibaba-NLP/gte-Qwen2-7B".
            start, end = _NAME_AROUND.search(scan.work, 0, m.start() + 1).start(), m.end()
            if scan.work.startswith(("pasted/config-", "pasted/keys-"), start):
                continue  # a pasted config's id (hub/pasted.py): its digest "e5adc48bf8a7" is no E5 embedding
            end = _NAME_AFTER.match(scan.work, end).end()
            if " " in scan.work[start:end] and (sized := _SIZE_AFTER_NAME.match(scan.work, end)):
                end = sized.end()  # "qwen3 embedding 8b": the size is the named model's, no LLM's
            end = _VARIANT_AFTER.match(scan.work, end).end()  # "whisper large v3", "bge large": its variant
            if kind == "embedding":
                end = _SUITE_SIZE_AFTER.match(scan.work, end).end()
            if kind == "closed":
                end = _CLOSED_AFTER.match(scan.work, end).end()
            if kind == "speech":
                end = _SPEECH_FORMAT_AFTER.match(scan.work, end).end()  # "faster-whisper int8": its, no LLM's
            while end > start + 1 and scan.work[end - 1] in ".:-":
                end -= (
                    1  # a sentence's full stop after the word ("50k imagens. seq 4096") is no part of a name
                )
            if scan.taken.intersection(range(start, end)):
                continue
            if kind in ("embedding", "encoder", "speech") and (
                negated := _negated_around(scan.work, start, end)
            ):
                # "sem embeddings", "without a reranker", "embedding? não": none wanted, so none sized (it had
                # been added beside the LLM and "sem" left "Não entendi"); the words are read, not listed. ("sem
                # imagens" is the images' reader's: image_query.)
                scan.blank(*negated)
                continue
            if kind == "closed" and _open_release(scan.work, start, end, catalog):
                continue  # "grok 1", "grok-2": xAI published those weights; Grok 3 and 4 stay closed
            if kind == "image" and image_query.is_image_noun(scan.work[start:end]):
                continue  # "imagens" in a conversation, not Google's Imagen
            scan.found.setdefault("out_of_scope", []).append((kind, scan.original[start:end].strip()))
            scan.blank(start, end)
    # A draft model named as such ("o llama 3.2 1b como draft") before the models: it is no second model to
    # contradict the first or to choose between (sizing/speculative_query.py).
    speculative_query.take(scan, catalog)
    distillation_query.take(scan, catalog)  # a teacher beside the model trained ("from llama 70b teacher")
    reward_query.take(scan, catalog)  # an RL run's reward model of its own ("reward model de 7b")
    image_query.container_images(scan)  # "image: vllm/vllm-openai" names no model
    if "vid" in scan.work or "clip" in scan.work:
        scan.take(VIDEO_LENGTH, "video_seconds", _video_seconds)
        if scan.found.get("video_seconds"):
            scan.take(VIDEO_FPS, "video_fps", lambda m: _float(m.group(1)) or None)
    if "class" in scan.work or "tier" in scan.work or "grade" in scan.work:
        scan.take(GPU_CLASS_SUFFIX, "filler", lambda m: True)  # "a 4090-class card": the 4090
    if scan.search(_AZURE_CUE):
        scan.take(AZURE_VM, "filler", lambda m: True)
    if "hugging" in scan.work:
        scan.take(HUB_SITE, "filler", lambda m: True)
    if "&" in scan.work:
        scan.take(SPACED_INITIALS, "filler", lambda m: f"{m.group(1)}&{m.group(2)}" in FILLER or None)
    if scan.search(_IDIOM_CUE):
        scan.take(DAY_IDIOMS, "filler", lambda m: True)  # "o dia a dia da equipe": no period of 1 day
    _repos(scan, catalog)
    _uncatalogued(scan, catalog)
    scan.take(DATES, "date", _date)
    if "hor" in scan.work or "hour" in scan.work or "hr" in scan.work or "gpuh" in scan.work:
        priced = _PRICE_ASKED.search(scan.work) is not None
        scan.take(GPU_HOURS, "gpu_hours", lambda m: _gpu_hours(m, catalog, priced))
    if scan.search(_YEAR_OR_QUARTER_CUE):  # the pattern is slow to fail; most questions hold no date
        for m in list(YEAR_OR_QUARTER.finditer(scan.work)):
            group = next(
                g
                for g in (
                    "when",
                    "quarter",
                    "quarter_year",
                    "quarter_dated",
                    "quarter_from",
                    "quarter_t",
                    "year_end",
                )
                if m.group(g)
            )
            if _LENGTH_BEFORE.search(scan.work, max(0, m.start() - 30), m.start(group)):
                continue
            if (
                m.group("in_word")
                or (_FILE_AFTER_MODEL.match(m.group(0)) and not _LAUNCHING.search(scan.work))
            ) and (
                _model_before(scan, m.start(), catalog)
                # "e no q4?", "and in q4?" in a thread on a model: that model's file (it had been "Não entendi o
                # pedido", a date asked of nothing)
                or (base is not None and base.model is not None and opens_as_follow_up(scan.original))
            ):
                continue  # "llama 8b in q4", "run llama 70b in q3", "o 8b no q4": the model's file
            if group.startswith("quarter") and traffic_query.growth_before(scan.work, m.start()):
                continue  # "we'll double by Q4": when the load grows, read with the growth
            if (
                group == "year_end"
                and m.group("end_word") in _FOR_WORDS
                and _model_before(scan, m.start(), catalog)
            ):
                continue  # "llama 8b para 2000": the people the model serves (PLAIN_USERS), no year
            scan.found.setdefault("date", []).append((None, scan.original[m.start(group) : m.end(group)]))
            # its "in"/"no" too: "200 in" left alone reads as a prompt's tokens ("8k in / 1k out"), "200 no" no count
            scan.blank(
                m.start() if group != "year_end" else m.start(group), m.end()
            )  # "from Q3 onwards" whole
    _number_words(scan)
    _spaced_thousands(scan, catalog)
    if scan.search(_MANY_GROUPS_CUE):
        scan.work = MANY_GROUPS.sub(_joined_groups, scan.work)
    if "(" in scan.work:
        _restated(scan)
        _counted_in_parens(scan)
    if scan.search(_CORRECTION_WORD):
        _corrected(scan)
    if scan.search(SUBGROUP):
        _subgroup(scan)
    scan.take(API_PRICE, "api_price", _api_price)
    scan.take(PER_MILLION_TOKENS, "cost", lambda m: True)
    if scan.may_match(MONEY):
        for m in list(MONEY.finditer(scan.work)):
            start, end = m.span("amount") if m.group("amount") else m.span()
            if (m.group("amount") and _GPUS_COUNTED_AFTER.match(scan.work, end)) or _TOKENS_AFTER.match(
                scan.work, end
            ):
                continue
            budget = None if "budget" in scan.found else _budget(m, scan.work)
            if budget is not None:
                value, end = budget
                scan.found["budget"] = [(value, scan.original[m.start() : end].strip())]
                scan.blank(m.start(), end)
                continue
            if price := _PRICE_AFTER.match(scan.work, end):
                end = price.end()  # "US$ 2 por hora": a price paid elsewhere, said whole as not understood
            scan.found.setdefault("money", []).append((None, scan.original[start:end].strip()))
            scan.blank(start, end)
    if "mes" in scan.work or "month" in scan.work:  # what MONEY left: no currency, no budget word
        _amount_a_month(scan)
    _data_per_period(scan)  # before the volumes of words and the traffic, which read it as requests
    if scan.search(_LENGTH_UNIT):  # the pattern's nouns make it slow to fail (~15 µs): skipped without them
        for m in list(scan.finditer(traffic_query.WORD_LENGTHS)):
            if (value := _word_length(m)) is None:
                continue
            scan.found.setdefault("word_length", []).append(
                (value, scan.original[m.start() : m.end()].strip())
            )
            # "20k product descriptions of 100 words a day": the things counted stay for the rate's reader
            counted = m.group("n") and traffic_query.counted_before(scan.work, m.start())
            scan.blank(m.end(traffic_query.length_noun(m)) if counted else m.start(), m.end())
        scan.take(WORD_VOLUME, "word_volume", _word_volume)
    scan.take(WORD_COUNT, "word_count", lambda m: True)
    scan.take(OPTIMIZER_8BIT, "optimizer", lambda m: Optimizer.adamw8bit)
    for optimizer, pattern in OPTIMIZERS:
        scan.take(pattern, "optimizer", lambda m, optimizer=optimizer: optimizer)
    scan.take(NVME, "nvme_offload", lambda m: True)  # before "offload" is read alone
    scan.take(PARAM_OFFLOAD, "offload_params", lambda m: True)
    scan.take(VISION_TRAINED, "vision_trained", lambda m: True)
    scan.take(CPU_OFFLOAD, "cpu_offload", lambda m: True)
    if scan.found.get("cpu_offload") or scan.found.get("offload_params"):
        # "fsdp com cpu offload dos parâmetros", "offload_optimizer cpu", "ram de cpu pra zero-3 offload": the
        # CPU an offload is sent to, not a run on CPUs only
        scan.take(OFFLOAD_PLACE, "cpu_offload", lambda m: True)
    if (
        "dedicad" in scan.work
        or "reservad" in scan.work
        or "dedicated" in scan.work
        or "reserved" in scan.work
    ):
        scan.take(CONTRACT_RULED_OUT, "filler", lambda m: True)
    scan.take(CPU_ONLY, "cpu_only", lambda m: True)
    if "quanti" in scan.work:
        scan.take(QUANTIZE_RUN, "quantize_run", lambda m: True)
    scan.take(PHONE, "phone", lambda m: True)
    if "nemo" in scan.work or "megatron" in scan.work or "deepspeed" in scan.work:
        scan.take(TRAINING_FRAMEWORK, "framework", lambda m: True)
    if "tun" in scan.work or "trein" in scan.work or "train" in scan.work or "ajust" in scan.work:
        scan.take(PRETRAINED, "filler", lambda m: True)
        scan.take(FINE_TUNED, "fine_tuned", _fine_tuned_how)
    scan.take(EU_RESIDENCY, "residency", lambda m: _eu_named(scan, m))
    if "prefill" in scan.work or "batched" in scan.work:  # before contexts: "chunked prefill 8192" is none
        scan.take(PREFILL_CHUNK, "prefill_chunk", _prefill_chunk)
    if "max-input-tokens=" in scan.work:  # before contexts, as the prefill chunk
        scan.take(PROMPT_LIMIT, "prompt_limit", _prompt_limit)
    if topic_words.knowledge(scan.work, training=False, told=scan.told_now()):
        # "fazer o qwen 14b aprender nossa base de conhecimento": knowing the texts, answered by _build (a note
        # on RAG), not listed as not understood
        for m in topic_words.LEARN.finditer(scan.work):
            scan.blank(*m.span())
    if noted := topic_words.noted(scan.work, scan.told_now()):
        # "dados de saúde de pacientes, llama 70b": said in a note beside the sizing (sizing/topics.py)
        query.noted = noted
        for start, end in topic_words.spans(scan.work, topic_words.NOTES):
            if _COUNT_BEFORE.search(scan.work, 0, start):
                continue  # "20 mil pacientes": people counted, read as the load (the note stays)
            if traffic_query.DOCUMENT_NOUNS.fullmatch(scan.work, start, end):
                continue  # "prontuário de 5 mil tokens": a document, its length each prompt's (the note stays)
            scan.blank(start, end)
    serving_said = bool(scan.search(_SERVING_SAID))
    # In a thread about serving, adapters counted are served ("e com 20 adaptadores?"); "e com lora?" there
    # still asks about a LoRA fine-tune (_follow_up).
    serving_thread = base is not None and not base.stage.is_training
    # "run GRPO on qwen3 32b with LoRA": a method of training says the LoRA is trained, not served.
    if (
        # "llama 8b com 10 adaptadores lora": adapters counted with no word of training are served (they had
        # been a LoRA fine-tune, "10" not understood)
        (serving_said or serving_thread or scan.search(_COUNTED_ADAPTERS))
        and not _TRAINING_NOT_ADAPTER.search(scan.work)
        and not (scan.may_match(METHODS) and METHODS.search(scan.work))
    ):
        convert = _served_adapters if serving_said else _counted_adapters
        scan.take(SERVED_ADAPTERS, "lora_adapters", convert)
        if "lora_adapters" in scan.found:
            _served_adapter_counts(scan)
    # the granularity first: "selective activation checkpointing" is no full recomputation
    scan.take(ASYNC_TP, "async_tp", lambda m: True)  # before "compile" is read alone
    scan.take(SELECTIVE_RECOMPUTE, "selective_recompute", lambda m: True)
    # before the settings already assumed: "sem flash attention" is not FlashAttention named
    scan.take(EAGER_ATTENTION, "eager_attention", lambda m: True)
    scan.take(DUALPIPE, "dualpipe", lambda m: True)
    scan.take(VIRTUAL_STAGES, "virtual_stages", lambda m: int(m.group(1) or m.group(2)))
    scan.take(ZERO_BUBBLE, "pipeline_schedule", lambda m: "zbv")
    scan.take(INTERLEAVED, "pipeline_schedule", lambda m: "interleaved")
    scan.take(COMPILED, "compiled", lambda m: True)
    scan.take(FULL_RECOMPUTE, "checkpointing", lambda m: True)
    scan.take(NO_CHECKPOINTING, "checkpointing", lambda m: False)
    scan.take(LORA_MODULES, "lora_targets", _lora_modules)
    scan.take(LORA_QV, "lora_targets", lambda m: "qv")
    scan.take(LORA_DROPOUT, "lora_dropout", lambda m: float(m.group(1)) > 0)
    scan.take(PURE_BF16, "pure_bf16", lambda m: True)
    scan.take(CUT_CROSS_ENTROPY, "cut_cross_entropy", lambda m: True)
    scan.take(LORA_ALL_LINEAR, "lora_targets", lambda m: "all_linear")
    scan.take(CHECKPOINTING, "checkpointing", lambda m: True)
    scan.take(NO_MEMORY, "no_memory", lambda m: True)
    scan.take(STEPS, "steps", lambda m: None if _after_a_key(scan, m, 1) else _steps(m))
    # A run's steps are more than a handful: "step 1: ..." is a list's item.
    scan.take(STEPS_KEYED, "steps", lambda m: v if (v := _steps(m)) and v >= 10 else None)
    scan.take(KV, "kv", _kv)
    # The method before names and traffic: "estilo deepseek r1" is GRPO, not a model; "8 gerações por
    # prompt" and "completions de 1024 tokens" are RL settings, not users or answers.
    scan.take(METHODS, "method", lambda m: m.lastgroup)
    if "method" in scan.found or (base is not None and base.method is not None and base.method.is_rl):
        _rl_settings(scan)
    # An RL run's length beside its prompts is the prompt's (RL_PROMPTS, read above with _rl_settings).
    # ("rl" alone is read as GRPO later).
    if not any(value == "rl" or Method(value).is_rl for value, _ in scan.found.get("method", [])):
        _example_length(scan, scan.training_said() or (base is not None and base.stage.is_training))
    _availability(scan)
    if scan.training_said() or (base is not None and base.stage.is_training):
        for m in [*scan.finditer(IMAGE_EXAMPLES), *scan.finditer(IMAGES_TRAINED)]:
            typed = scan.original[m.start() : m.end()].strip()
            scan.found.setdefault("examples", []).append((_examples_count(m), typed))
            scan.found.setdefault("with_images", []).append((True, typed))
            scan.blank(m.start(), m.end())
    # Images before traffic and contexts: "3 imagens por pedido" is no rate, "imagens 4k" no context.
    image_query.take(scan, catalog.traffic.images.total_from)
    # Traffic first: "prompts de 2 mil tokens" is no context, "5000 funcionários" no concurrent users.
    training = scan.training_said() or (base is not None and base.stage.is_training)
    scan.take(CHEAPER, "cheaper", lambda m: True)  # before the cost words, which read "mais barato" as a cost
    # "qual o mais rápido, h100 ou h200?" compares the GPUs it names (below: "which"); in a thread ("qual a mais
    # rápida?" under an answer) or of a workload ("qual o mais rápido para llama 70b com 20 usuários?") it asks for
    # the fastest setup of that workload
    scan.take(FASTEST_GPU_FOR, "fastest", lambda m: True)
    if base is None and (
        "rapid" in scan.work or "fast" in scan.work or "quick" in scan.work or "depressa" in scan.work
    ):
        for m in scan.finditer(FASTEST_WHICH_GPU):
            scan.found.setdefault("fastest", []).append(("which", scan.original[m.start() : m.end()]))
            scan.blank(m.start("speed"), m.end("speed"))  # the GPU's words are read as before
    scan.take(
        FASTEST,
        "fastest",
        lambda m: (
            "which"
            if base is None and _WHICH_BEFORE.search(scan.work, max(0, m.start() - 24), m.start())
            else True
        ),
    )
    scan.take(PER_USER, "cost_per_user", _cost_per_user)
    scan.take(PER_REQUESTS, "cost_per_requests", _cost_per_requests)
    if "total" in scan.work or "todo" in scan.work or "in all" in scan.work:
        # Before traffic: "320k tokens in total" is every conversation's context, not a prompt's length.
        for pattern in CONTEXT_TOTALS:
            scan.take(pattern, "context_total", lambda m: _context(m.group("n"), m.group("u")))
    # Before traffic: "a sales team of 12 and 30 support agents" are two parts of one count, "10 users for the
    # pilot and 100 in production" two phases.
    if scan.search(_QUALIFIED_PEOPLE) or ("(" in scan.work and scan.search(_SOME_OF_THEM)):
        _qualified_people(scan, catalog)
    if "fase" in scan.work or "etapa" in scan.work or "phase" in scan.work:
        numbered = list(_PHASE_NUMBER.finditer(scan.work))
        # one phase's number before its count ("fase piloto 15 pessoas, fase 2 200 pessoas") is no thousands' group
        for m in (m for m in numbered if len(numbered) > 1 or _COUNT_NEXT.match(scan.work, m.end())):
            if m.group(0)[0] in ";.":
                scan.blank(m.start(), m.start() + 1)
            scan.blank(m.start("n"), m.end())
    if scan.search(_PHASE_LINK):
        _phases_between(scan)
    if scan.search(_USERS_OFF_PEAK) or scan.search(_USERS_OFF_PEAK_FIRST):
        _users_off_peak(scan)
    counts = _DIGITS_AT.findall(scan.work)
    if len(counts) > 1 and (scan.search(_PHASE_WORD) or scan.search(_WHEN_NEXT_AT)):
        # Each count in turn (the first may be no phase's: "piloto de 3 meses com 15 pessoas, depois 300").
        for count in list(_DIGITS_AT.finditer(scan.work)):
            m = PHASES.match(scan.work, count.start())
            if m is not None and _phases(scan, m):
                break
    if "pilot" in scan.work or "poc" in scan.work or "mvp" in scan.work:
        _pilot_length_then(scan)
    if len(counts) > 1:
        _summed_parts(scan)
        # before the traffic's head-counts, which would take "300 alunos" alone, or "20 clientes" in "20
        # clientes, cada cliente com 5 usuários"
        scan.take(PER_PLACE_PEOPLE, "population", lambda m: _per_place_users(scan, m))
        scan.take(
            PER_PLACE_USERS,
            "users",
            lambda m: _per_place_users(scan, m) if _PEOPLE_PLACE.fullmatch(_place(m)) else None,
        )
    if scan.search(_TRADE_BEFORE_PEOPLE):
        _trade_before_people(scan, catalog)  # after the lists, where the word names a part's group
    if not training and "seq" in scan.work:  # before the traffic's "16 concurrent": "sequences" goes with it
        scan.take(CONCURRENT_SEQS, "users", lambda m: n if 1 <= (n := int(m.group(1))) < 256 else None)
    if ("turno" in scan.work or "shift" in scan.work) and scan.may_match(SHIFT_LIST):
        _shift_list(scan)
    if ("turno" in scan.work or "shift" in scan.work or "escala" in scan.work) and scan.may_match(
        SHIFTS_EACH
    ):
        scan.take(
            SHIFTS_EACH, "shifts_each", lambda m: (n, int(m.group(2))) if (n := int(m.group(1))) > 1 else None
        )
    if ("turno" in scan.work or "shift" in scan.work) and scan.may_match(PER_SHIFT):
        _per_shift(scan)
    # a batch of items, or of tokens to write or read ("traduzir 20 milhões de palavras em 48h"), with its time
    batch_thread = base is not None and bool(
        (base.batch_items or base.generated_tokens or base.read_tokens) and base.batch_seconds
    )
    # "e se a gente crescer pra 500 usuários ano que vem?", "if we grow to 500 users next year": the count is the
    # load to size; the verb before it and when it comes say nothing more (they had been "Não entendi: “crescer”,
    # “ano”, “vem”" beside the answer)
    scan.take(POINTS, "filler", lambda m: True)
    scan.take(ACCORDING_TO, "filler", lambda m: True)
    if (
        base is not None
    ):  # before GROW_TO takes the verb: "e se crescer pra 200 em 6 meses?" is the count then
        scan.take(traffic_query.grown_count(), "load_count", traffic_query.grown_to)
    scan.take(GROW_TO, "filler", lambda m: True)
    # after a growth to a count ("vamos crescer pra 500 usuários até o fim do ano"): when it comes, no deadline
    # (sizing/deadlines.py leaves it) and nothing more to size (it had been "Não entendi: “fim”, “ano”")
    scan.take(
        traffic_query.growth_when(),
        "filler",
        lambda m: (
            True if base is None and traffic_query.count_growth_before(scan.original, m.start()) else None
        ),
    )
    # not a growth's horizon ("2x growth in a year"): traffic_query reads it with the growth
    scan.take(
        FUTURE_WHEN, "filler", lambda m: None if _GROWTH_BEFORE.search(scan.work, 0, m.start()) else True
    )
    traffic_query.take(scan, follow_up=base is not None, training=training, batch_thread=batch_thread)
    if _peak_word_in(scan.work) or _peak_word_in(strip_accents(scan.original.lower())):
        scan.take(PEAK_HOUR, "filler", lambda m: _peak_before(scan, m))
    if len(scan.found.get("rate_per_s", ())) == 2 and _PHASE_WORD.search(
        strip_accents(scan.original.lower())
    ):
        _rate_phases(scan)
    if ("turno" in scan.work or "shift" in scan.work or "escala" in scan.work) and scan.may_match(SHIFTS):
        scan.take(
            SHIFTS, "shifts", lambda m: n if (n := int(m.group(1) or m.group(2) or m.group(3))) > 1 else None
        )
    if base is not None:
        scan.take(LEADING_ACK, "filler", lambda m: True)
        if handle := CAN_HANDLE_FIRST.match(scan.work):
            scan.blank(handle.start(1), handle.end(1))
    if base is not None and (batch := AS_BATCH.match(scan.work)):
        scan.found["as_batch"] = [(True, scan.original[batch.start() : batch.end()].strip(" ?!."))]
        scan.blank(batch.start(), batch.end())
    elif (
        base is not None
        and base.model
        and (version := VERSION_ALONE.match(scan.work))
        and (swap := _release_swap(base, version.group("n") or version.group("dotted"), catalog))
    ):
        # "e com a versão 3.3?" in a Llama 3.1 70B's thread: Llama 3.3 70B (it had been "Não entendi"); in a
        # thread weighing models ("llama 3.1 70b ou qwen2.5 32b"), the one of that family at the release, the
        # others kept (it had become Llama 3.3 70B alone)
        said = version.start("word") if version.group("word") else version.start("dotted")
        typed = scan.original[said : version.end()].strip(" ?!.,")
        which, other, instead = swap
        if other is None:
            # "e a versão 3?" under Llama 2 13B: Llama 3 has 8B and 70B, neither the same choice; asked which (it
            # had been "Não entendi o pedido: “versão”")
            raise _which_release(instead, version.group("n") or version.group("dotted"), catalog)
        if which == 0:
            scan.found["model"] = [(other, typed)]
        if base.model_choices:
            scan.found["release_swap"] = [((which, other), typed)]
        if instead is not None:
            # "e a versão 3?" under Qwen2.5 7B: Qwen3 8B, the release's nearest size, said so
            scan.found["release_nearest"] = [((other, instead), typed)]
        scan.blank(version.start(), version.end())
    elif base is not None and base.model and not base.model_choices and (step := SIZE_STEP.search(scan.work)):
        # "e se usar o modelo menor?", "a bigger model?" in a Qwen3 32B's thread: its release's next size down or up,
        # Qwen3 14B (it had been "Não entendi o pedido"); said as read, or that there is none
        up = bool(step.group("up") or step.group("up2"))
        typed = scan.original[step.start() : step.end()].strip(" ?!.,")
        # taken below only where the message names no model or size of its own ("um modelo menor, tipo o 8b")
        scan.found["size_step"] = [((base.model, up), typed)]
        scan.blank(step.start(), step.end())
    elif base is not None and (bare := BARE_COUNT.match(scan.work)) and not _geforce_on(scan, bare, catalog):
        # "e com 4?": the whole message is one number (_build reads it by what the thread is about).
        # "e pra 1 milhão?": in millions, as "e com 5 mil?" is in thousands (a share, "e com 50%?", is no count).
        unit = "thousand" if bare.group("thousand") else "million" if bare.group("million") else None
        n = int(bare.group(1)) * {"thousand": 1000, "million": 1_000_000}.get(unit, 1)
        typed = scan.original[bare.start(1) : bare.end(unit) if unit else bare.end(1)]
        scan.found["bare_count"] = [(n, typed)]
        if _ON_BEFORE.search(scan.work, 0, bare.start(1)) or _ON_AFTER.search(scan.work, bare.end(1)):
            # "e se for em 3?", "e com 3, cabe?": run on 3, GPUs
            scan.found["bare_count_on"] = [(True, typed)]
        scan.blank(bare.start(), bare.end())
    elif base is not None and (single := ON_ONE_ALONE.match(scan.work)):
        # "e numa só?", "e em uma única?", "and on just one?": run on one, a GPU (it had been "Não entendi")
        typed = scan.original[single.start(1) : single.end(1)].strip()
        scan.found["bare_count"] = [(1, typed)]
        scan.found["bare_count_on"] = [(True, typed)]
        scan.blank(single.start(), single.end())
    elif (
        base is not None
        and (scaled := BARE_SCALE.match(scan.work))
        and (factor := _bare_scale_factor(scaled)) is not None
    ):
        typed = scan.original[scaled.start(1) : scaled.end(1)]
        scan.found["bare_scale"] = [(factor, typed)]
        scan.blank(scaled.start(), scaled.end())
    # Before a RAG corpus: in a training question, the documents counted are its examples.
    if training and not scan.search(EXAMPLES):
        scan.take(EXAMPLE_THINGS, "examples", _examples_count)
        if "examples" not in scan.found:
            for m in list(scan.finditer(THINGS_THEN_COUNT)):
                # only the count is blanked: the things stay for the readings of the task ("suporte")
                typed = scan.original[m.start(1) : m.end()].strip()
                scan.found.setdefault("examples", []).append((_examples_count(m), typed))
                scan.blank(m.start(1), m.end())
    if training:
        scan.take(DATA_BYTES, "data_bytes", _data_bytes)
    if batch_thread and not training:
        # "e se forem 500 mil documentos?" in a batch's thread: its items now, in the same window (it had been
        # read as a RAG corpus, and nothing understood).
        scan.take(CORPUS, "batch_items", _corpus_count)
    scan.take(CORPUS, "corpus", lambda m: True)
    scan.take(
        CONTEXT_MILLIONS,
        "context",
        lambda m: round(_float(m.group(1)) * (2**20 if m.group("binary") else 10**6)),
    )
    scan.take(CONTEXT_MILLIONS_BEFORE, "context", lambda m: round(_float(m.group(1) or m.group(2)) * 10**6))
    if training:
        for m in scan.finditer(DIALOGUE_TOKENS):
            scan.found.setdefault("dialogue_data", []).append(
                (True, scan.original[m.start("noun") : m.end()])
            )
            scan.blank(m.start("noun"), m.end("noun"))
        for m in scan.finditer(DIALOGUE_NAMED):
            scan.found.setdefault("dialogue_data", []).append(
                (True, scan.original[m.start("noun") : m.end()])
            )
            scan.blank(m.start("noun"), m.end())
    scan.take(TRAIN_TOKENS, "tokens", lambda m: round(_float(m.group(1)) * UNIT_VALUES[_unit(m.group(2))]))
    # In a training question a million tokens is data, no sequence ("lora llama 8b 10^6 tokens").
    least = 10**6 if training else 10**7
    scan.take(
        TRAIN_TOKENS_PLAIN, "tokens", lambda m: v if (v := round(_count(m.group(1)))) >= least else None
    )
    scan.take(
        SEQ,
        "seq_len",
        # "k" is 1024, "mil" a thousand ("sequências de 4 mil tokens").
        lambda m: round(
            _float(m.group(1) or m.group(3)) * {"k": 1024, "mil": 1000}.get(m.group(2) or m.group(4) or "", 1)
        ),
    )
    scan.take(GLOBAL_BATCH, "global_batch", lambda m: v if 0 < (v := int(m.group(1))) <= 10**7 else None)

    def grad_accum(m: re.Match) -> int | None:
        if m.re == GRAD_ACCUM and _after_a_key(scan, m, 2):
            return None
        return v if 0 < (v := int(m.group(1) or m.group(2))) <= 4096 else None

    scan.take(GRAD_ACCUM, "grad_accum", grad_accum)
    scan.take(GRAD_ACCUM_KEYED, "grad_accum", grad_accum)

    def batch(m: re.Match) -> int:
        if m.re == MICRO_BATCH or m.group("per"):
            scan.found.setdefault("batch_per_gpu", []).append((True, m.group(0)))
        return int(m.group(1))

    scan.take(MICRO_BATCH, "batch", batch)
    scan.take(BATCH, "batch", batch)

    def zero_keyed(m: re.Match) -> int:
        if m.group(4) or m.group(6):
            return 3  # FULL_SHARD, HYBRID_SHARD, ZeRO++
        if m.group(5):
            return 2  # SHARD_GRAD_OP
        return 0 if m.group(7) else int(m.group(1) or m.group(2) or m.group(3))

    scan.take(ZERO_KEYED, "zero", zero_keyed)
    scan.take(
        ZERO,
        "zero",
        lambda m: 3 if m.group(2) else 0 if m.group(3) else int(m.group(1) or m.group(4) or m.group(5)),
    )
    if scan.found.get("zero"):
        scan.take(ZERO_STAGE_CHOICE, "zero", lambda m: int(m.group(1)))
    scan.take(TP, "tp", lambda m: int(m.group(1)))
    if "nvidia.com" in scan.work:
        scan.take(K8S_GPUS, "gpus", lambda m: int(m.group(1)) or None)
    if "replicas" in scan.work:
        scan.take(K8S_REPLICAS, "replicas", lambda m: None if m.group("min") else int(m.group(2)) or None)
        scan.take(K8S_REPLICAS, "filler", lambda m: True)  # the floor
    scan.take(PP, "pp", lambda m: int(m.group(1) or m.group(2) or m.group(3)))
    scan.take(EP, "ep", lambda m: int(m.group(1) or m.group(2)))
    scan.take(CP, "cp", lambda m: int(m.group(1) or m.group(2)))
    scan.take(CONTEXT_SPLIT, "context_split", lambda m: True)
    scan.take(ALWAYS_ON, "always_on", lambda m: True)  # read, and nothing to size: a month is 730 hours
    scan.take(EVERY_DAY, "filler", lambda m: True)
    scan.take(HOURS_A_DAY, "hours_per_day", lambda m: h if 0 < (h := _float(m.group(1))) < 24 else None)
    scan.take(HOURS_SPAN, "hours_per_day", _hours_span)
    scan.take(HOURS_WINDOW, "hours_per_day", lambda m: h if 0 < (h := _float(m.group(1))) < 24 else None)
    # before business hours: "fora do horário comercial" holds its words
    scan.take(OFF_HOURS, "off_hours", lambda m: m.lastgroup)
    scan.take(BUSINESS_HOURS, "business_hours", lambda m: True)
    for m in scan.finditer(HOURS_BY_DAYS):
        hours, typed = int(m.group("hours")), scan.original[m.start() : m.end()]
        if hours < 24:
            scan.found.setdefault("hours_per_day", []).append((float(hours), typed))
        if m.group("days") == "5":
            scan.found.setdefault("weekdays_only", []).append((True, typed))
        elif hours == 24:
            continue  # "24x7" is ALWAYS_ON's, read before
        scan.blank(m.start(), m.end())
    scan.take(WEEKDAYS, "weekdays_only", lambda m: True)
    scan.take(
        WORKING_DAYS,
        "weekdays_only",
        lambda m: _A_MONTH_AFTER.match(strip_accents(scan.original[m.end() :].lower())) is not None or None,
    )
    scan.take(WHEN, "filler", lambda m: True)
    _horizon(scan)
    if not training and (scan.found.get("word_volume") or scan.found.get("tokens")):
        # "traduzir 20 milhões de palavras em 48h", "gerar 30 milhões de tokens em 10 horas": a volume of tokens
        # to serve with a deadline is a batch (below, with the tokens' reading); its hours are kept ("10 horas"
        # had been a day, "48h" not understood).
        scan.take(VOLUME_DEADLINE, "volume_seconds", _volume_seconds)
    scan.take(DEADLINE, "days", _deadline_days)
    # "lora llama 8b em 6h": a training's deadline in hours written short, kept in hours (below); a service's
    # too ("precisamos disso em 24h", "prazo de 48h"): when it must be up, never a service always on ("24h" had
    # been "Não entendi", "prazo 24h" a service 24/7)
    scan.take(VOLUME_DEADLINE, "days", lambda m: _deadline_days_of(_volume_seconds(m)))
    if training:
        # "in 90 minutes", "em meio dia": in minutes, or half a day ("half" had been read as FP16, 90 not understood)
        scan.take(DEADLINE_SHORT, "days", _short_deadline_days)
    scan.take(MEMORY_UTILIZATION, "memory_utilization", _memory_share)
    scan.take(MFU, "mfu", _mfu)
    scan.take(PERIOD, "period", _period_days)
    scan.take(YEARLY, "period", lambda m: DAY_UNITS["year"])
    scan.take(
        EXAMPLES,
        "examples",
        _examples_count,
    )
    if (
        "method" in scan.found
        or (base is not None and base.method is not None)
        or (("pares" in scan.work or "pairs" in scan.work) and _training_said(scan))
    ):
        # "lora com 30 mil pares pergunta/resposta": a fine-tune's pairs of question and answer are its examples.
        scan.take(
            EXAMPLE_PAIRS,
            "examples",
            _examples_count,
        )
    scan.take(EPOCHS, "epochs", lambda m: _int_count(m.group(1) or m.group(2)))
    for stack, pattern in STACKS:
        scan.take(pattern, "stack", lambda m, stack=stack: stack)
    if "engine" in scan.work:
        scan.take(TRANSFORMER_ENGINE, "fp8_engine", lambda m: True)
    # "4.4bpw", "exl2 4.65", "6 bpw exl2": an EXL2 file at the width typed, before the names' "exl2" alone.
    scan.take(EXL2_WIDTH, "precision", _exl2_width)
    # Names before bare numbers: "4-bit", "llama 3.1 70b" and "h100 80gb" keep their digits.
    _names(scan, catalog)
    if scan.found.get("gpu"):
        query.gpu_forms_missing = _gpu_forms_missing(scan, catalog)
    if scan.found.get("gpu") and any(p in scan.original.lower() for p in _platforms(catalog)):
        _platform_gpus(scan, catalog)
    _introductions(scan)
    _places(scan)
    scan.take(LORA_RANK, "lora_rank", _lora_rank)
    scan.take(USERS_KEY_EQUALS, "users_at_once", lambda m: int(m.group(1)))
    scan.take(USERS_KEY, "users", lambda m: int(m.group(1)))
    scan.take(USERS_KEY_AT_ONCE, "users_at_once", lambda m: int(m.group(1)))
    scan.take(VLLM_SEQS, "users", lambda m: _users_limit(scan, int(m.group(1))))
    # After names and precisions ("4 bits com 20 usuários" is no product), before the users alone.
    scan.take(PER_PLACE_USERS, "users", lambda m: _per_place_users(scan, m))
    scan.take(NO_LOAD_COUNT, "filler", lambda m: True)
    scan.take(SEATS, "users", lambda m: _seats(scan, m))
    if base is not None and base.users:
        # "e com mais 10 usuários?", "e com 10 usuários a mais?", "and 20 more users?": added to the thread's
        # (they had replaced them: 40 users became 10).
        scan.take(MORE_USERS, "users", lambda m: base.users + int(m.group(1) or m.group(2) or m.group(3)))
    # "50 usuários em média e 200 no pico", "peak 200 users, average 50": the average is set aside for the
    # peak, which the hardware must hold (as "5 req/s no pico e 1 em média" is read)
    scan.take(USERS_AVERAGE, "users_average", lambda m: int(m.group(1) or m.group(2)))
    scan.take(USERS, "users", _users)
    scan.take(USERS_KEY_SPACED, "users", lambda m: int(m.group(1)))
    scan.take(FULL_BEFORE_FIGURE, "filler", lambda m: True)
    # "ISO 27001", "SOC 2 Type II", "ISO/IEC 42001": a standard's number is no context (the topic of
    # certifications answers it, sizing/topics.py)
    scan.take(STANDARDS, "filler", lambda m: True)
    scan.take(CONTEXT_KEY, "context", lambda m: _context(m.group(1), m.group(2)))
    scan.take(CONTEXT_UNIT, "context", _context_unit)
    scan.take(CONTEXT_TOKENS, "context", lambda m: _context(m.group(1) or m.group(2), None))
    # "qual o contexto máximo ...?", "what's the max context I can fit?" ask what fits (the capacity says
    # it); "com o contexto máximo", "max context, 10 users" ask for it.
    scan.take(CONTEXT_MAX, "context_max", lambda m: _context_max(scan, m))
    scan.take(PAGES_ASKED, "pages_asked", lambda m: True)
    scan.take(GPU_PAIRS, "gpus", _pairs)
    scan.take(GPU_COUNT_CHOICE, "gpus", lambda m: _count_choice(scan, m))
    scan.take(GPU_COUNT, "gpus", lambda m: _gpus_in_servers(scan, m))
    scan.take(GPU_COUNT_KEY, "gpus", lambda m: int(m.group(1)) or None)
    scan.take(GPU_COUNT_BEFORE_MEMORY, "gpus", lambda m: int(m.group(1) or m.group(2)) or None)
    scan.take(SINGLE_GPU, "gpus", lambda m: 1)
    # "4 nodes", "em 2 servidores" with no GPU count next to them: whole servers of the GPU named (_build).
    scan.take(SERVERS_ALONE, "servers", lambda m: int(m.group(1)) if 0 < int(m.group(1)) <= 64 else None)
    scan.take(MEMORY_CLAIM, "memory_claim", lambda m: _float(m.group(1)))
    _gpu_memory(scan, catalog)
    _sizes(scan, catalog)
    _width_after_size(scan, query)
    # "treinamento das equipes", "employee training": people trained (the model serves it), no model trained
    scan.take(PEOPLE_TRAINED, "filler", lambda m: True)
    taught = scan.search(TRAINED_TO) or scan.search(TEACH_SAID)
    for kind, pattern in STAGES:
        scan.take(pattern, "stage", lambda m, kind=kind: _stage_at(scan, m, kind))
    if taught:
        scan.take(TAUGHT, "filler", lambda m: True)
    if any(stage is not Stage.inference for stage, _ in scan.found.get("stage", [])):
        scan.take(IMITATED, "filler", lambda m: True)
    if taught or any(stage is not Stage.inference for stage, _ in scan.found.get("stage", [])):
        scan.take(STYLE_TAUGHT, "filler", lambda m: True)
    else:
        # "llama 8b no tom da marca pra 50 pessoas": the brand's voice with no training said, a choice between a
        # prompt and a fine-tune, said in a note beside the serving sized (it had been "Não entendi: tom, marca")
        scan.take(STYLE_TAUGHT, "style_served", lambda m: True)
    scan.take(NO_REASONING, "reasoning", lambda m: "off")
    scan.take(REASONING_LOW, "reasoning", lambda m: "low")
    scan.take(REASONING_EFFORT, "task", lambda m: Task.reasoning)
    scan.take(ASKER_TEAM, "filler", lambda m: True)
    if "upport" in scan.work or "suporte" in scan.work:
        for m in list(scan.finditer(SUPPORT_NOT_TASK)):
            word = next(g for g in range(1, 6) if m.group(g))
            scan.blank(m.start(word), m.end(word))
    for task, pattern in TASK_PATTERNS:
        scan.take(pattern, "task", lambda m, task=task: _task_word(scan, m, task))
    if not scan.found.get("task"):
        # "qwen2.5 vl 7b for 50k invoices a day": the volume took its noun, and what the noun says of the work
        # (an invoice is read for its fields, tasks.extraction) is still read from it (the task had been lost).
        for _, typed in scan.found.get("items_volume", []):
            plain = strip_accents(typed.lower())
            task = next((t for t, pattern in TASK_PATTERNS if pattern.search(plain)), None)
            if task is not None:
                scan.found["task"] = [(task, typed)]
                break
    if not scan.found.get("task"):
        # "20 agentes de IA", "20 AI agents", "20 agents running": the count took its noun, which says the users
        # are AI agents calling the model in loops (tasks.agent), not people; a bare "20 agentes" stays people,
        # a contact center's (_task_word)
        agent = dict(TASK_PATTERNS)[Task.agent]
        for _, typed in scan.found.get("users", []):
            m = agent.search(strip_accents(typed.lower()))
            if m is not None and not _AGENTS.fullmatch(m.group(0)):
                scan.found["task"] = [(Task.agent, typed)]
                break
    if not any(task == Task.agent for task, _ in scan.found.get("task", [])):  # AI agents are said as such
        query.callers = [
            t for _, t in scan.found.get("users", []) if CALLERS.search(strip_accents(t.lower()))
        ]
    if not any(k in scan.found for k in ("images", "images_total", "with_images", "no_images")):
        # OCR reads images, and so does a model asked "com visão": the answer counts them, or says that a text
        # model cannot read them.
        ocr = next((typed for _, typed in scan.found.get("task", []) if typed.lower() == "ocr"), None)
        if ocr:
            scan.found["with_images"] = [(True, ocr)]
        else:
            scan.take(WITH_VISION, "with_images", lambda m: True)
    for intent, pattern in INTENT_PATTERNS:
        scan.take(pattern, "intent", lambda m, intent=intent: intent)
    for mode, pattern in CONTRACTS:
        scan.take(pattern, "contract", lambda m, mode=mode: mode)
    scan.take(SCALE_TO_ZERO, "contract", lambda m: _scale_to_zero(query))
    for code, pattern in LANG_REQUESTS:
        # The words beside a match as typed (nothing blanked), worked out only when a language is named.
        scan.take(
            pattern,
            "lang",
            lambda m, code=code: (
                code if _asks_for_language(m, strip_accents(scan.original), written) else None
            ),
        )
    scan.take(LANG_CONTENT, "language_content", lambda m: True)
    scan.take(TIMES_USERS, "users", lambda m: _times_users(scan, m, query))
    _unknown_gpu_series(scan, catalog)
    # "quantos tokens por segundo faz?": a speed asked about, with no target; every answer gives it.
    scan.take(SPEED_ASKED, "speed_asked", lambda m: True)
    scan.take(TIME_ASKED, "time_asked", lambda m: True)
    scan.take(RATE_ASKED, "rate_asked", lambda m: True)
    scan.take(CONCURRENCY_ASKED, "concurrency_asked", lambda m: True)
    scan.take(CAPACITY_ASKED, "capacity_asked", lambda m: True)
    # A plain number of a context's size, with nothing else claiming it ("70b 4bit 8192"); not the date or
    # version inside a name ("magistral-small-2509").
    # Before it, a plain number no context is written as, beside a model and no load: the people at once
    # ("llama 70b pra 400", "qwen 32b 32k 50").
    if scan.search(_RELEASE_YEAR_CUE):
        scan.take(RELEASE_YEAR, "filler", lambda m: _release_year(scan, m, catalog))
    scan.take(PLAIN_USERS, "users", lambda m: _plain_users_of(scan, m, query))
    scan.take(PLAIN_CONTEXT, "context", _plain_context_of)

    _topics_beside(scan, query)
    _concepts_beside(scan, query)
    if _CUSTOMER_CUE.search(strip_accents(scan.original)) and CUSTOMER_NAMED.search(scan.original):
        _customer_named(scan)
    if not scan.found.get("gpu") and not scan.found.get("cpu_only") and "colab" in scan.original.lower():
        _platform_default(scan, catalog)
    if not scan.found.get("gpu") and not scan.found.get("cpu_only") and scan.search(_FAMILY_CUE):
        _family_default(scan, catalog)
    # "e em Portugal?", "users in Spain": where the users are, which the latency note speaks to (_build reads it
    # from the text as typed); every place but the two the Portuguese vocabulary knew had been "Não entendi".
    scan.take(EUROPE, "europe", lambda m: True)
    # "first try llama 8b, then qwen 7b if it is not good": how the models are tried, read by parse (_chosen_between)
    scan.take(TRIAL, "trial", lambda m: True)
    if _DOCUMENT_TASKS & {v for v, _ in scan.found.get("task", [])} or traffic_query.reviews_documents(
        scan.typed, scan.typed_told
    ):
        # "resumo de relatórios", "analisar petições", "review our contracts": what the task reads is understood,
        # and the word that says which ones ("petições iniciais", "old contracts")
        described = [
            m.span(group)
            for m in scan.finditer(traffic_query.DESCRIBED_DOCUMENTS)
            for group in ("after", "before")
            if m.group(group)
        ]
        for m in scan.finditer(traffic_query.DOCUMENT_NOUNS):
            scan.blank(m.start(), m.end())
        for start, end in described:
            scan.blank(start, end)
    if (
        scan.found.get("written_tokens")
        or any(noun != "prompt" for (noun, _, _), _ in scan.found.get("word_length", []))
        or (
            (scan.found.get("document_tokens") or scan.found.get("prompt_pages"))
            and traffic_query.writes(scan.typed)
        )
    ):
        # "posts de 300 tokens para instagram", "write 500-word blog posts": what is written, and where, is read
        for m in scan.finditer(traffic_query.WRITTEN_WORDS):
            scan.blank(m.start(), m.end())
        if traffic_query.writes(scan.typed):
            for m in scan.finditer(traffic_query.DOCUMENT_NOUNS):
                scan.blank(m.start(), m.end())  # "escrever relatórios de 2 mil tokens": the documents written
    leftovers = _leftovers(scan)
    if leftovers:
        leftovers = _typos(scan, catalog, leftovers, query)
    if query.vision_named:
        # "qwen3 vl 235b": the vision model's word is said with the text model sized (bot/rendering.py), not
        # listed as not understood beside it. A vision word glued to a name ("llava-onevision", "qwen2-vl")
        # is that name: with no text model read, it stays, so the answer names the model asked or says it
        # does not know it (it had been dropped, and "qwen2-vl 7b" sized as Mistral 7B by its size alone).
        leftovers = [
            u
            for u in leftovers
            if not VISION_NAMED.fullmatch(strip_accents(u).lower())
            or (not scan.found.get("model") and not VISION_WORD.fullmatch(strip_accents(u).lower()))
        ]
    # Each word once, as first typed: a pasted paragraph repeated had listed "TI", "várias"... 20 times each.
    query.unknown = list({u.casefold(): u for u in reversed(leftovers)}.values())[::-1]
    return _build(scan, query, catalog, base)


# A count, then a word ("20 tradutores", "12 translators", "20 de nossos tradutores", "30 paramedics"), or a
# word with its count in parentheses after it ("tradutores (20)"): where the word is left unread and names a
# trade by its ending (traffic_words.toml's trade_endings), it is that many people.
_TRADE_COUNTED = regexes.compile(
    rf"(?:(?<![\w.,])\d[\d.,]*\s*(?:k|mil)?|{NUMBER_PHRASE.pattern})\s+"
    r"(?:(?:de|dos|das|os|as|nossos|nossas|of|our)\s+){0,2}([a-z]{4,})\b"
    r"|\b([a-z]{4,})\s*\(\s*~?\d"
)
_TRADE_COUNT_BEFORE = regexes.compile(r"(\d[\d.,]*)\s*(?:k|mil)?\s+(?:[^\W\d]+\s+){0,2}$")
# The words read in their place: traffic_words.toml's people read by nothing else, as short as trades are
# written; one for each trade, so that two ("25 electricians and 10 plumbers") stay two groups, summed.
_TRADES_READ_AS = ("advs", "socios", "tutors", "peritos", "tutores")


def _trades(text: str, unknown: list[str]) -> list[tuple[int, int]]:
    """Where the text names a trade no list has, counted (_TRADE_COUNTED) and not understood, as the spans of
    its words."""
    unread = {strip_accents(u).lower() for u in unknown}
    spans = []
    plain = strip_accents(text)
    for m in _TRADE_COUNTED.finditer(plain):
        group = 1 if m.group(1) else 2
        word = m.group(group)
        if word in unread and (
            traffic_query.trade_by_ending(word) or traffic_query.people_or_processes(word, plain.lower())
        ):
            spans.append(m.span(group))
    return spans


def _as_people(work: str, trades) -> str:
    """The working text with each trade's word (_trades) as a people's word of traffic_words.toml, the same
    length (the gap before it: every position still points into the text as typed)."""
    read_as: dict[str, str] = {}
    for start, end in trades:
        word = work[start:end]
        if word not in read_as:
            free = [w for w in _TRADES_READ_AS if len(w) <= len(word) and w not in read_as.values()]
            read_as[word] = free[0] if free else _TRADES_READ_AS[0]
        work = work[:start] + read_as[word].rjust(end - start) + work[end:]
    return work


def _concepts_beside(scan: _Scan, query: Query) -> None:
    """ "o que é QLoRA? quero ajustar o llama 8b", "quanto tempo leva para carregar o llama 70b?": the concepts
    asked the meaning of, and the load time asked, beside a model; said in notes beside its sizing
    (bot/rendering.py), their words never listed as not understood. Words another reading took stay its own
    ("qlora" is the method sized)."""
    plain = strip_accents(scan.original.lower())
    if len(plain) != len(scan.work):
        return  # spans of the text as typed would not be the scan's
    for key, start, end in concepts.asked(plain, beside=True, told=scan.told_of(plain)):
        query.concepts = list(dict.fromkeys([*query.concepts, key]))
        scan.blank(start, end)
    if loading := concepts.load_time_asked(plain, scan.told_of(plain)):
        query.load_time = True
        scan.blank(*loading.span())
    places = latency.places_asked(plain)
    query.latency_from = [p.key for p in places]
    for m in latency.place_words(plain):
        scan.blank(*m.span())


# "100 daqui a 6 meses", "quanto fica daqui a 3 meses?": when a load comes, not how long the GPUs are rented (it
# had been a term "por 6 meses", "daqui" not understood). Read in the text as typed: a phase may have taken "daqui".
HORIZON = regexes.compile(r"\bdaqui\s+(?:a\s+)?\d+\s+(?:dias?|semanas?|mes|meses|anos?)\b")


def _horizon(scan: _Scan) -> None:
    plain = strip_accents(scan.original.lower())
    if "daqui" in plain and len(plain) == len(scan.work):
        for m in HORIZON.finditer(plain):
            scan.blank(*m.span())


_SAID_IN_FILLER = ("network", "on_premise", "hipaa", "sovereign")
# "llama 70b pra 20 usuários, cliente da Acme", "customer at Globex asks...", "o pessoal da Acme", "the folks at
# Initech": who the question is for, a name as
# capitalised as typed; nothing to size (it had been "Não entendi: Acme"). Read last, so that a model or a GPU
# named there is read first.
CUSTOMER_NAMED = regexes.compile(
    r"\b(?:[Cc]liente|[Cc]ustomer|[Cc]lient|[Ll]ead|[Pp]rospect|[Pp]essoal|[Ee]quipe|[Ee]quipa|[Gg]alera|[Ff]olks|[Tt]eam"
    r"|[Gg]uys|[Pp]eople)s?\s+(?:da|do|de|na|no|from|at|of)\s+"
    r"(?P<name>[A-ZÀ-Ý][\w&.-]*(?:\s+[A-ZÀ-Ý][\w&.-]*){0,2})"
)
# What each of CUSTOMER_NAMED's words holds in lower case: tested first, as the pattern took ~2.5 us to find none.
_CUSTOMER_CUE = prefilter.any_of(
    frozenset(
        (
            "client",
            "customer",
            "lead",
            "prospect",
            "pessoal",
            "equip",
            "galera",
            "folks",
            "team",
            "guys",
            "people",
        )
    )
)


def _customer_named(scan: _Scan) -> None:
    for m in CUSTOMER_NAMED.finditer(scan.original):
        start, end = m.span("name")
        if not any(i in scan.taken for i in range(start, end)):
            scan.blank(start, end)


def _topics_beside(scan: _Scan, query: Query) -> None:
    """ "spot? qwen3 32b", "vocês têm DPA? ...", "vocês guardam logs das requisições do llama 3.1 70b?": a
    subject's words (sizing/topics.py BESIDE) that no other reading took are said in a note beside the sizing,
    never listed as not understood (a question with no model is answered by its subject: _topic_asked). Read
    in the text as typed, a word of it left over is enough ("usam [nossos dados] pra treinar")."""
    plain = strip_accents(scan.original.lower())
    for key, start, end in topic_words.beside(plain, told=scan.told_of(plain)):
        left = [m.group(0).lower().strip(".,;:!?()") for m in NOT_BLANKS.finditer(scan.work, start, end)]
        # "vocês têm suporte? llama 8b": our support asked, though "suporte" had also named the task
        # "over a private link", "on-prem": words that are filler alone ("private", "link") say the subject
        # together, so left over at all they earn its note (they had been dropped without a word)
        said = key in _SAID_IN_FILLER and any(left)
        if key == "support" or said or any(word and word not in FILLER for word in left):
            if key != "memory_left":
                query.noted = list(dict.fromkeys([*query.noted, key]))
            scan.blank(start, end)
    if STANDARDS.search(plain):
        # "SOC 2 Type II?", "ISO 27001" beside a model (read and blanked before the numbers): certifications
        # are the security subject's, which says the sales team confirms them
        query.noted = list(dict.fromkeys([*query.noted, "security"]))


def _kv(m: re.Match) -> str:
    typed = (m.group(1) or m.group(2) or m.group(3) or m.group(4)).lower()
    if m.group(3):
        return typed  # a -ctk/-ctv flag's value is llama.cpp's own name, sized or refused as typed (names.py)
    if re.fullmatch(r"i?q[4568].*|int4|[46][\s-]?bits?|nf4|fp4", typed):
        # llama.cpp's types, and 4-bit caches vLLM lacks: sized or refused by the engine that serves
        # (sizing/names.py resolve_kv_precision); never read as the weights' precision, which "kv cache 4 bits"
        # had been
        return "q8_0" if typed.startswith("q8") else typed
    if typed in ("f16", "bf16", "f32"):
        # llama.cpp's names for its unquantized caches, said as typed ("-ctv f16": F16; "-ctk f32": 4 bytes a
        # value); a 16-bit cache said in other words is the engine's own 16 bits
        return typed
    return "fp8" if "8" in typed else "16"


# An EXL2 width: a number with "bpw", or after "exl2" when no unit of something else follows it ("exl2 4 gpus").
EXL2_WIDTH = regexes.compile(
    r"\b(?:exl2\s*)?(\d{1,2}(?:[.,]\d{1,3})?)\s*-?bpw\b(?:\s*exl2\b)?"
    r"|\bexl2\s*(\d(?:[.,]\d{1,3})?)(?![\d.,]|\s*(?:x\b|×|b\b|gb\b|k\b|mil\b|gpus?\b|placas?\b|usu|user|pessoa|people|tokens?\b))"
)


def _exl2_width(m: re.Match) -> str:
    bpw = _float(m.group(1) or m.group(2))
    if not EXL2_MIN_BPW <= bpw <= EXL2_MAX_BPW:
        raise QueryError("query.exl2_width", typed=m.group(0).strip())
    return exl2_id(bpw)


def _kv_precision(scan: _Scan) -> str | None:
    """The cache's type; llama.cpp's K and V caches set apart ("-ctk q8_0 -ctv f16") are one value, "q8_0/f16"
    (sizing/names.py resolve_kv_precision sizes each), not two types that contradict each other."""
    found = scan.found.get("kv", [])
    sides: dict[str, set[str]] = {}
    for value, typed in found:
        side = _KV_SIDE.match(typed.lower())
        sides.setdefault(side.group(1) if side else "", set()).add(value)
    if set(sides) == {"k", "v"} and all(len(values) == 1 for values in sides.values()):
        (k,), (v,) = sides["k"], sides["v"]
        return k if k == v else f"{k}/{v}"
    if set(sides) in ({"k"}, {"v"}) and len(next(iter(sides.values()))) == 1:
        # One side set alone ("-ctk q8_0"): the other keeps llama.cpp's default, f16 (common/common.h
        # cache_type_k / cache_type_v = GGML_TYPE_F16); it had been sized at the type said, on both sides.
        (said,) = next(iter(sides.values()))
        if said == "f16":
            return said
        # "*": the side left at its default (sizing/names.py: an engine without -ctk/-ctv reads the other alone)
        return f"{said}/*f16" if "k" in sides else f"*f16/{said}"
    return _one(scan, "kv", "kv")


def _mfu(m: re.Match) -> float | None:
    """ "mfu 45%" or "mfu 0.45": a share of the GPUs' peak, kept where training runs reach it (1%-90%)."""
    number, percent = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    value = _float(number)
    value = value / 100 if percent or value > 1 else value
    return round(value, 3) if 0.01 <= value <= 0.9 else None


def _memory_share(m: re.Match) -> float:
    value = _float(m.group(1))
    # "95%" or "95" are a percentage; rounded to the hundredth vLLM's users write
    return round(value / 100 if m.group(2) or value > 1 else value, 2)


_HOUR_WORDS = frozenset(strip_accents(w) for w in VOCAB.words("durations.hour"))
_PERIOD_WORD = regexes.compile(rf"{_W('durations.period')}\s")


def _word_length(m: re.Match) -> tuple[str, str, float] | None:
    """(the noun's kind, traffic_query.length_noun; the unit, traffic_query.length_unit; how many) of
    "documentos de 2000 palavras", "300-word answers", "posts de 300 palavras", "código de 2 mil linhas"."""
    number, thousands = next(
        (m.group(n), m.group(k)) for n, k in (("n", "k"), ("n2", "k2"), ("n3", "k3")) if m.group(n)
    )
    words = _float(number.replace(".", "").replace(",", "") if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", number)
                   else number) * (1000 if thousands else 1)  # fmt: skip
    unit = traffic_query.length_unit(m)
    if unit == "line" and _TRAINING_SAID.search(m.string):
        return None  # "dataset de 50 mil linhas": a training set's examples, read as such
    return (traffic_query.length_noun(m), unit, words)


def _period_days(m: re.Match) -> int | None:
    if m.group(3) in _HOUR_WORDS and not _PERIOD_WORD.match(m.group(0)):
        return None  # "transcrições de 1 hora", "reuniões de 2 horas": a length, not the GPUs' term
    return _days(m)


def _volume_seconds(m: re.Match) -> float | None:
    amount = _float(m.group(1))
    seconds = amount * (86400.0 if m.group(2).startswith(("dia", "day")) else 3600.0)
    return seconds if seconds > 0 else None


def _days(m: re.Match) -> int | None:
    amount = 1.0 if m.group(1) else _float(m.group(2))
    days = amount * DAYS_OF[m.group(3)]
    return max(1, round(days)) if days > 0 else int(days)  # 0 or less: the plan says it must be positive


def _deadline_days(m: re.Match) -> float | None:
    """A deadline's days; one said in hours that are not whole days stays that fraction of a day, so that a run
    "em 2 horas" is sized for 2 hours (it had been rounded up to 1 day, and the answer said "1 dia")."""
    if m.group(3) in _HOUR_WORDS:
        return _deadline_days_of(_float(m.group(2) or 1) * 3600.0)
    return _days(m)


def _short_deadline_days(m: re.Match) -> float | None:
    return 0.5 if m.group("half") else _deadline_days_of(_float(m.group(1)) * 60.0)


def _deadline_days_of(seconds: float | None) -> float | None:
    if seconds is None:
        return None
    days = seconds / 86400
    return days if days <= 0 or days != round(days) else round(days)


def _lora_rank(m: re.Match) -> int | None:
    if m.group(3) is not None:
        rank = int(m.group(3))
        return rank if rank in COMMON_RANKS else None
    return int(m.group(1) or m.group(2) or m.group(4))


def _prompt_limit(m: re.Match) -> int | None:
    value = int(m.group(1))
    return value or None


def _prefill_chunk(m: re.Match) -> int | None:
    """Tokens per prefill step; below 256 (the offering's floor, sizing/catalog.py) no chunk vLLM would run."""
    value = round(_count(m.group(1)) * (1024 if m.group(2) else 1))
    return value if value >= 256 else None


def _float(text: str) -> float:
    return float(text.replace(",", "."))


def _count(text: str) -> float:
    """A count as typed: grouped thousands ("50.000", "2,000,000"), scientific ("1e12") or plain."""
    if re.fullmatch(_GROUPED, text):
        return float(re.sub(r"[.,]", "", text))
    return float(text) if "e" in text else _float(text)


# "500 horas de GPU", "we have 500 GPU-hours", "2 mil horas de H100", "1,3M horas de h100", "500 H100 hours": GPU
# time as a budget (Query.gpu_hours), before the numbers are read as GPUs, a context or a period.
GPU_HOURS = regexes.compile(
    r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(k|mil|mi|m|milhoes|milhao|millions?|thousand)?\s*(?:de\s+)?"
    rf"(?:{_W('durations.gpu_hours')}\b(?:\s+(?:de\s+|of\s+)?(?P<after>{traffic_query.CARD_NAME}))?"
    rf"|(?:horas?|hours?|hrs?)\s+(?:de\s+|of\s+)?(?P<card>{traffic_query.CARD_NAME})"
    rf"|(?P<before>{traffic_query.CARD_NAME})[\s-]?(?:hours?|hrs?|horas?)\b)"
)


# The price asked ("quanto custa 100 horas de h100?", "how much for 100 h100 hours?"): hours of a card are then
# what is priced, the card's rent, as before (its name left for the GPU's reading).
_PRICE_ASKED = regexes.compile(
    r"\b(?:quanto|qto|qnto|how\s+much|precos?|prices?|pricing|custa|custam|custaria|costs?)\b"
)


def _gpu_hours(m: re.Match, catalog: Catalog, priced: bool = False) -> tuple[float, str | None] | None:
    """The hours and the GPU they are of (None: any), or None where the card named is none we know, or its
    price is asked."""
    hours = _float(m.group(1)) * (UNIT_VALUES[_unit(m.group(2))] if m.group(2) else 1)
    typed = m.group("after") or m.group("card") or m.group("before")
    if typed is None:
        return hours, None
    if priced:
        return None
    try:
        return hours, resolve_gpu(typed, catalog).id
    except SizingError:
        return None


def _unit(word: str) -> str:
    word = UNIT_JOINERS.sub(" ", word)
    return word if word in UNIT_VALUES else word.rstrip("s")


def _word_volume(m: re.Match) -> int | None:
    words = _count(m.group(1)) * (_WORD_MULTIPLIERS[m.group(2)] if m.group(2) else 1)
    return round(words) if words >= WORD_VOLUME_LEAST else None


def _after_a_key(scan: _Scan, m: re.Match, group: int) -> bool:
    """Whether the number of a count said before its word ("4 steps") follows another setting's key ("batch 4
    steps 1000"), whose number it is."""
    return m.group(group) is not None and bool(
        NUMBER_AFTER_KEY.search(scan.work[max(0, m.start() - 60) : m.start()])
    )


def _steps(m: re.Match) -> int | None:
    """ "20k steps", "10 mil passos", "max_steps=1000": a whole count of steps."""
    number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    value = _count(number) * (UNIT_VALUES[_unit(unit)] if unit else 1)
    return round(value) if 1 <= value <= 10**9 else None


def _int_count(text: str) -> int | None:
    value = _float(text)
    return int(value) if value == int(value) else None


def _users(m: re.Match) -> int | None:
    if m.group(2):
        return round(_float(m.group(1)) * UNIT_VALUES[_unit(m.group(2))])
    return round(_count(m.group(1))) if re.fullmatch(_GROUPED, m.group(1)) else _int_count(m.group(1))


def _context(number: str, unit: str | None) -> int | None:
    return parse_context(f"{number}{unit or ''}")


# A plain number is a context unless a plural word of its own follows it ("para 300 lojas": things counted,
# left unread rather than a 300-token context); the query's own words ("8192 tokens", "4096 mais") may.
PLAIN_CONTEXT = regexes.compile(r"(?<![\w.,-])(\d{3,7})(?![\w.,])(?=(?:\s+(?P<counted>[a-z]{3,}s)\b)?)")


def _context_unit(m: re.Match) -> int | None:
    """ "32k", "16 mil tokens de contexto"; not "100 mil downloads", "20 mil SKUs": thousands of something the
    question counts, left unread (they had been a context of 100,000 and 20,000 tokens). "8k prompts" stays a
    context with its prompts."""
    counted = m.group("counted")
    if (
        counted
        and not _CONTEXT_SAID.search(m.group(0))
        and counted not in FILLER
        and not counted.startswith(("tok", "prompt"))
    ):
        return None
    return _context(m.group(1), m.group(2))


_CONTEXT_SAID = regexes.compile(r"tok|ctx|context|janela|window")


# A span of time counted is never a context, filler as its word may be elsewhere ("cota de 500 horas de GPU"
# had been a context of 500 tokens).
_TIME_COUNTED = frozenset(
    [
        "horas",
        "hours",
        "hrs",
        "dias",
        "days",
        "minutos",
        "minutes",
        "semanas",
        "weeks",
        "meses",
        "months",
        "anos",
        "years",
    ]
)


def _plain_context_of(m: re.Match) -> int | None:
    counted = m.group("counted")
    if counted and (counted in _TIME_COUNTED or (counted not in FILLER and not counted.startswith("tok"))):
        return None
    return _plain_context(m.group(1))


# Only between spaces or a sentence's marks ("10:30:45", "x20", "1/2" are no plain number), never after a word that
# makes it a GPU's count, a version or a setting ("em 2", "v 2", "rank 16"), and only before the sentence's end or
# a word that joins the next part ("pra 400 com 8k"): "7 bits", "400 anos" count something else.
_PLAIN_USERS_NOT_AFTER = frozenset(
    ["em", "numa", "num", "on", "in", "at", "of", "v", "versao", "version", "rank", "r", "batch", "lote", "top",
     "seed", "step", "steps", "epoch", "epochs", "epocas", "alpha", "tp", "pp", "ep", "de", "do", "da", "n"]
)  # fmt: skip
_WORD_BEFORE = regexes.compile(r"(\w+)\W*$")
_PLAIN_USERS_BEFORE = "|".join(
    ["com", "e", "and", "with", "em", "no", "na", "numa", "num", "on", "in", "pra", "para", "for", "usando",
     "using", "rodando", "running", "ao", "simultaneos", "simultaneas", "por favor", "please", "pls", "pfv", "ok"]
)  # fmt: skip
# A number with no unit, as PLAIN_CONTEXT reads one, also the people's count ("llama 70b pra 400", "qwen 32b 32k
# 50", "8b 4bit 200").
PLAIN_USERS = regexes.compile(
    rf"(?<![^\s(])(\d{{1,6}})"
    rf"(?=\s*(?:$|[?!;)]|[.,](?!\d)|\s\d|(?:{_PLAIN_USERS_BEFORE})\b))"
)
# Past this a plain number stays a context's ("for 100000"): a question counts that many people in words.
_PLAIN_USERS_MOST = 50_000
# What a question already counts that a plain number would contradict or that it is a part of: its load, a
# training's or a batch's figures, the GPUs it names.
_PLAIN_USERS_BLOCKED = (
    "users", "users_limit", "population", "rate_per_s", "requests_per_day", "requests_per_week",
    "requests_per_month", "requests_per_active_hour", "batch_items", "stage", "examples", "tokens", "seq_len",
    "date", "gpus", "gpu", "seats", "summed_head_count", "per_conversation",
)  # fmt: skip
_PLAIN_USERS_BLOCKED_KINDS = ("users", "population", "requests", "rate", "batch")  # and each of their kinds


def _load_said(scan: _Scan) -> bool:
    # Serving said in words ("qual gpu pra rodar llama 70b pra 2000?") counts nobody: a training's stage does
    # ("lora llama 8b 2000" is no head-count); the number had been a 2,000-token context.
    serving = all(kind == "inference" for kind, _ in scan.found.get("stage", []))
    blocked = (kind for kind in _PLAIN_USERS_BLOCKED if not (serving and kind == "stage"))
    return any(scan.found.get(kind) for kind in blocked) or any(
        kind.startswith(_PLAIN_USERS_BLOCKED_KINDS) and found for kind, found in scan.found.items()
    )


# A year right after a model's name, or after "de"/"of" there: "deepseek v3 2025", "llama 3 2024", "qwen de
# 2025" date the release the asker means, and count nobody (they had been 2,025 people or a 2,024-token context).
# Only the years open models have been released in (GPT-2's weights came out in 2019); "pra 2024" is the people.
RELEASE_YEAR = regexes.compile(
    r"(?<![^\s(,])(?:(?:de|do|of|from)\s+)?(20(?:19|2\d|30))(?![\w.,]\d|\s*(?:k|mil)\b)"
)
_RELEASE_YEAR_CUE = regexes.compile(r"\b20(?:19|2\d|30)\b")


def _release_year(scan: _Scan, m: re.Match, catalog: Catalog) -> bool | None:
    if _NOUN_AFTER.match(scan.work, m.end()):
        return None  # "llama 8b 2024 usuários": a count of something
    return _model_before(scan, m.start(), catalog) or None


_NOUN_AFTER = regexes.compile(rf"\s+(?:[a-z]+\s+)?(?:{_YEAR_NOT_BEFORE})\b")


def _plain_users_of(scan: _Scan, m: re.Match, query: Query) -> int | None:
    """A plain number with no unit, beside a model, read as the people at once when no context is written so
    (a context is said in k or tokens, or typed as a power of two's multiple: "4096", "8192", "32768"). The
    earlier rounds' questions say a context that way every time, and a number after "pra"/"for" with no unit
    is the people served ("e pra 400?" in a thread is users, tests/test_several_questions.py); 400 and 1000 had
    been 400- and 1,000-token contexts, and "qwen 32b 32k 50" had left the 50 not understood. The answer says
    how it was read, and how to ask for the other."""
    before = _WORD_BEFORE.search(strip_accents(scan.original[: m.start()].lower()))
    if before and before.group(1) in _PLAIN_USERS_NOT_AFTER:
        return None
    value = int(m.group(1))
    if not 2 <= value <= _PLAIN_USERS_MOST or (value >= 256 and value % 256 == 0):
        return None
    if not scan.found.get("model") or _load_said(scan):
        return None
    if value >= 256:  # a number that had been read as a context: said, with how to ask for one
        query.bare_users.append(m.group(1))
    return value


# Sales shorthand's "x20" after a model's specs and no GPU ("qwen32 fp8 x20", "70b awq 8k x10"): the workload
# times 20, its people at once. Glued to a GPU ("h100 x2") it is that GPU's count, read before this; alone it had
# been refused as an unknown GPU "x20".
TIMES_USERS = regexes.compile(r"(?<![^\s(,])[x×](\d{1,5})(?=$|[\s?!;,)]|\.(?!\d))")


def _times_users(scan: _Scan, m: re.Match, query: Query) -> int | None:
    value = int(m.group(1))
    if value < 2 or _load_said(scan):
        return None
    query.times_users.append((m.group(0), value))
    return value


def _plain_context(text: str) -> int | None:
    value = int(text)
    return value if 256 <= value <= 10_000_000 else None


# "centenas de usuários", "thousands of employees", "algumas dezenas de pessoas": a count said only by its order of
# magnitude. Read as the least the plural says (two of them), and said so; it had been "Não entendi: centenas",
# one user sized (or, for "thousands", one thousand).
# "tens of thousands", "dezenas de milhares": the least of both, 20,000 (it had been 2,000).
VAGUE_COUNT = regexes.compile(
    r"(?<![\w.,])(?:(?:algumas|alguns|varias|varios|muitas|muitos|several|a\s+few|many|some)\s+)?"
    r"(?:(?P<times>dezenas|centenas|tens|hundreds)\s+(?:de|of)\s+)?"
    r"(?P<word>dezenas|centenas|milhares|dozens|hundreds|thousands|duzias)\s+(?:de|of)\b"
)
# "a few hundred users", "several dozen", "a few thousand": the singular after a vague word, read the same way
# (the bare hundred had been 100 people; _number_words leaves it for this)
VAGUE_SCALE = regexes.compile(
    r"(?<![\w.,])(?:a\s+few|few|several|many)\s+(?P<word>hundred|dozen|thousand)\b(?!\s+(?:and\b|\d))"
)
# "a handful of users", "um punhado de usuários", "alguns devs": a small count said only vaguely, before the people
# it counts. Read as 3, the least that is more than "a couple" (2), and said so, as VAGUE_COUNT does; it had been
# "Não entendi: punhado" and one user sized.
# Any people the traffic reader counts follow it too ("um punhado de advogados", "a handful of doctors"), from
# its own list (traffic_words.toml), so that one list says who is people.
_PEOPLE_AFTER = (
    rf"(?:[a-z]+\s+)?(?:{_COUNT_NOUNS}|{traffic_query.people_words()}|{traffic_query.at_once_trade_words()}|"
    rf"{traffic_query.plain_people_words()})"
)
VAGUE_FEW = regexes.compile(rf"(?<![\w.,])(?P<word>{_W('counting.few')})\s+(?={_PEOPLE_AFTER}\b)")
# "2 mil e poucos usuários", "200 e tantos funcionários", "2 thousand and something users": a little over the count
# said, read as it (the least the words say) and said so; "poucos" had been 3 users, and the 2,000 a context.
VAGUE_MORE = regexes.compile(
    r"(?<![\w.,])(?P<n>\d+(?:[.,]\d+)?)(?:\s*(?P<unit>mil|k|thousand)\b)?\s+(?:e|and)\s+"
    r"(?:pouc[oa]s?|pouquinho|tant[oa]s|something|change)\b"
)
# "for a small team", "uma equipe pequena", "a small group of testers": a small group with no count, read as 3 as
# "a few" is, and said so; the people after it, if any, are read as they are after any count ("3 testers").
VAGUE_TEAM = regexes.compile(
    rf"(?<![\w.,])(?P<word>{_W('counting.few_team')})(?:\s+(?:de|of)(?=\s+[a-z]))?(?![\w-])"
)
# "muitos usuários", "lots of people", "a lot of concurrent users": many, with no least count the word says. Read as
# traffic.toml's many_users and said so, with the number asked for; it had been one user sized without a word.
VAGUE_MANY = regexes.compile(
    # not "how many users?", a count asked, nor "too many", "so many", "as many as"
    rf"(?<![\w.,])(?<!how\s)(?<!too\s)(?<!so\s)(?<!as\s)(?P<word>{_W('counting.many')})\s+"
    rf"(?=(?P<who>{_PEOPLE_AFTER})\b)"
)
# "a big team", "uma equipe grande": a large group with no count, read as VAGUE_MANY reads "many users"
VAGUE_MANY_TEAM = regexes.compile(
    rf"(?<![\w.,])(?P<word>{_W('counting.many_team')})(?:\s+(?:de|of)(?=\s+[a-z]))?(?![\w-])"
)
# "para toda a empresa", "for the whole company": the whole organisation, no number; asked for (the answer's note)
WHOLE_GROUP = regexes.compile(rf"(?<![\w.,])(?:{_W('counting.whole_group')})(?![\w-])")
_FEW = 3
# "10ish users", "20-ish", "uns 10 e poucos usuários", "10 e tantos": about the number said, read as it, as "~10" and
# "uns 10" are ("10ish" had been "Not understood", "10 e poucos" split into two questions)
ABOUT_AFTER = regexes.compile(
    r"(?<![\w.,])(\d+)(?:\s*-?\s*ish\b|\s+(?:e|and)\s+(?:poucos|poucas|tantos|tantas|tal|a\s+few|some)\b)"
)
_VAGUE_UNITS = {
    "dezenas": 10,
    "centenas": 100,
    "milhares": 1000,
    "dozens": 12,
    "duzias": 12,
    "hundreds": 100,
    "thousands": 1000,
    "tens": 10,
    "hundred": 100,
    "dozen": 12,
    "thousand": 1000,
}


def _vague_count(scan: _Scan, m: re.Match) -> str:
    times = m.groupdict().get("times")
    n = 2 * _VAGUE_UNITS[m.group("word")] * (_VAGUE_UNITS[times] if times else 1)
    scan.found.setdefault("vague_counts", []).append((n, scan.original[m.start() : m.end("word")]))
    return f"{n:<{len(m.group(0))}}"


def _vague_more(scan: _Scan, m: re.Match) -> str:
    value = parse_amount(m.group("n")) or 0.0
    if m.group("unit"):
        value *= 1000
    if value < 1:
        return m.group(0)
    n = round(value)
    scan.found.setdefault("vague_counts", []).append((n, scan.original[m.start() : m.end()]))
    return f"{n:<{len(m.group(0))}}"


def _vague_few(scan: _Scan, m: re.Match) -> str:
    typed = scan.original[m.start() : m.end("word")]
    # "um punhado de": the words that count, without the "de"/"of" that joins them to the people
    typed = re.sub(r"\s+(?:de|of)$", "", typed)
    scan.found.setdefault("vague_counts", []).append((_FEW, typed))
    return f"{_FEW:<{len(m.group(0))}}"


def _vague_many(scan: _Scan, m: re.Match) -> str:
    n = load_catalog().traffic.population.many_users
    # said with the people it counts ("lots of people"): the word alone ("lots") says too little
    typed = scan.original[m.start() : m.end("who")]
    scan.found.setdefault("vague_many", []).append((n, typed))
    return f"{n:<{len(m.group(0))}}"


def _vague_team(scan: _Scan, m: re.Match, n: int = _FEW, kind: str = "vague_counts") -> str:
    scan.found.setdefault(kind, []).append((n, scan.original[m.start() : m.end("word")]))
    if m.end() > m.end("word"):  # "a small group of testers": the count, the people after it read as they are
        return f"{n:<{len(m.group(0))}}"
    # alone, the group is people at once, as "3 users" is (in the phrase's room; a phrase too short for the
    # noun leaves the count alone, read as plain people)
    said = f"{n} users"
    return said.ljust(len(m.group(0))) if len(said) <= len(m.group(0)) else f"{n:<{len(m.group(0))}}"


def _phrase_value(phrase: str) -> int:
    """A phrase of number words' value ("vinte e cinco": each word's, summed; "meia dúzia": the phrase's own)."""
    total = NUMBER_WORDS.get(phrase)
    if total is None:
        total = 0
        for w in LETTERS.findall(phrase):
            if w in SCALES:  # "two hundred and fifty": a multiplier (Portuguese says "duzentos")
                total = max(total, 1) * SCALES[w]
            elif w in NUMBER_WORDS:
                total += NUMBER_WORDS[w]
    return total


def _number_words(scan: _Scan) -> None:
    """'dez usuários' -> '10 usuários', 'setenta bilhões' -> '70 bilhões', 'uma L40S' -> '1 L40S'."""

    def tens(m: re.Match) -> str:
        # "vinte e cinco": each word's value, summed; "meia dúzia": a phrase's own value.
        phrase = " ".join(LETTERS.findall(m.group(0)))
        first = phrase.split(" ", 1)[0]
        # "dúzias de usuários", "a few hundred": a dozen or a hundred with no count before it, only a vague one
        if first in SCALES and (first.endswith("s") or VAGUE_BEFORE.search(scan.work, 0, m.start())):
            return m.group(0)
        total = _phrase_value(phrase)
        return f"{total:<{len(m.group(0))}}"  # same length: positions stay aligned with the original

    def thousands(m: re.Match) -> str:
        if AFTER_CONTEXT_WORD.search(scan.work, 0, m.start()):
            return m.group(0)
        return f"{int(m.group(1) or 1) * 1000 + int(m.group(2) or m.group(3)):<{len(m.group(0))}}"

    def spelt(m: re.Match) -> str:
        value = parse_amount(m.group(1))
        return m.group(0) if value is None else f"{round(value * 1000):<{len(m.group(0))}}"

    def bare(m: re.Match) -> str:
        typed = m.group(0)
        if _AFTER_DIGITS.search(scan.work, 0, m.start()) or VAGUE_BEFORE.search(
            scan.work, 0, m.end() - len(typed.split()[-1])
        ):
            return typed  # "10 mil", "dez mil" (digits by now): a multiplier, read with its number
        if len(typed) >= 5:  # "de mil", "thousand": room for the digits and a space
            return f"{1000:<{len(typed)}}"
        # "mil usuários" alone: "1k" is one thousand wherever a count is read (and 1,024 in a context, so
        # not before "tokens"); nor alone at the end ("e pra mil?" stays unread rather than become "1k").
        if _WORD_NEXT.match(scan.work, m.end()) and not _TOKEN_NEXT.match(scan.work, m.end()):
            return "1k "
        return typed

    if "dozen" in scan.work or "hundred" in scan.work or "duzia" in scan.work:
        scan.sub(DIGITS_SCALE, lambda m: f"{int(m.group(1)) * SCALES[m.group(2)]:<{len(m.group(0))}}")
    scan.sub(NUMBER_PHRASE, tens)
    scan.sub(THOUSANDS_AND, thousands)
    if scan.may_match(QUARTER):  # "a quarter of a million", "um quarto de milhão" (the prefilter's words)
        scan.sub(QUARTER, lambda m: f"{0.25:<{len(m.group(0))}}")
    scan.sub(ONE_BEFORE_MULTIPLIER, lambda m: f"{1:<{len(m.group(0))}}")
    scan.sub(THOUSANDS_SPELT, spelt)
    scan.sub(
        BARE_BILLION,
        lambda m: (
            m.group(0)
            if _AFTER_DIGITS.search(scan.work, 0, m.start())
            else f"{'1 bilhoes':<{len(m.group(0))}}"
        ),
    )
    scan.sub(VAGUE_COUNT, lambda m: _vague_count(scan, m))
    scan.sub(VAGUE_SCALE, lambda m: _vague_count(scan, m))
    scan.sub(ABOUT_AFTER, lambda m: f"{m.group(1):<{len(m.group(0))}}")
    if "pouc" in scan.work or "tant" in scan.work or "something" in scan.work or "change" in scan.work:
        scan.sub(VAGUE_MORE, lambda m: _vague_more(scan, m))
    scan.sub(VAGUE_FEW, lambda m: _vague_few(scan, m))
    scan.sub(VAGUE_MANY, lambda m: _vague_many(scan, m))
    scan.sub(VAGUE_TEAM, lambda m: _vague_team(scan, m))
    if scan.may_match(WHOLE_GROUP):
        scan.take(WHOLE_GROUP, "whole_group", lambda m: True)
    if scan.may_match(VAGUE_MANY_TEAM):
        many = load_catalog().traffic.population.many_users
        scan.sub(VAGUE_MANY_TEAM, lambda m: _vague_team(scan, m, many, "vague_many"))
    scan.sub(BARE_THOUSAND, bare)
    scan.sub(HALF, lambda m: f"{0.5:<{len(m.group(0))}}")
    scan.sub(ONE_BEFORE_NOUN, lambda m: f"{1:<{len(m.group(0))}}")
    if "numa" in scan.work:
        scan.sub(ONE_ON_GPU, lambda m: f"{1:<{len(m.group(0))}}")
    scan.sub(ONE_BEFORE_DURATION, lambda m: f"{1:<{len(m.group(0))}}")
    if "segundo" in scan.work or "second" in scan.work:
        scan.work = ONE_SECOND.sub(
            lambda m: m.group(0)[: m.start("one") - m.start()] + f"{1:<{len(m.group('one'))}}", scan.work
        )


# "128k (cento e vinte e oito mil tokens)", "contexto de 32k (32.768 tokens)", "10 usuários (dez)": a value
# said again in parentheses right after it (number words are digits by now), in its unit or with no unit, is
# one value (it had been refused as two contexts, or left "de" not understood).
RESTATED = regexes.compile(
    r"(?<![\w.,])(?P<said>\d[\d.,]*(?:\s*(?:k|mil))?)(?![\w.,])(?P<noun>(?:\s+[a-z]+){0,2}?)"
    r"\s*\(\s*(?P<again>\d[\d.,]*(?:\s*(?:k|mil))?)(?P<unit>(?:\s+[a-z]+){0,3}?)\s*\)"
)
_RESTATED_UNITS = frozenset({"tokens", "token", "toks", "de", "contexto", "context", "of"})
RESTATED_TOLERANCE = 0.01  # "128k" is 128,000 or 131,072 tokens: the same value either way, to rounding


# "100 usuários, digo, 150 usuários", "30 usuários... corrigindo, 60", "contexto de 8k, ou melhor, 16k", "50
# usuários (na verdade 80)": a value corrected as it was typed. The last is kept, in the first one's unit when it
# has none of its own (both had been refused as a contradiction, or the correction left not understood).
_CORRECTION = _W("parts.corrections")
_CORRECTION_WORD = regexes.compile(rf"\b{_CORRECTION}\b")
_CORRECTED_NUMBER = r"\d+(?:[.,]\d+)*(?:\s*(?:k|mil)\b)?(?!\w|[.,]\d)"
CORRECTED = regexes.compile(
    rf"(?<![\w.,])(?P<old>{_CORRECTED_NUMBER})(?P<noun>(?:\s+(?!{_CORRECTION}\b)[a-z]+)?)\s*(?:\.\.\.|\u2026|[,.;:-])?\s*"
    rf"(?P<open>\(\s*)?\b{_CORRECTION}\b\s*[,:]?\s*(?P<new>{_CORRECTED_NUMBER})"
    r"(?P<after>\s+[a-z]+)?(?:\s*(?P<close>\)))?"
)


def _corrected(scan: _Scan) -> None:
    """Keeps the corrected value (CORRECTED): the first blanked, the last read in its place."""
    for m in reversed(list(CORRECTED.finditer(scan.work))):
        if bool(m.group("open")) != bool(m.group("close")):
            continue
        noun = m.group("noun").strip()
        start = m.start()
        typed = scan.original[start : m.end()].strip()
        new = m.group("new")
        value = f"{new} {scan.original[m.start('noun') : m.end('noun')].strip()}".strip()
        scan.found.setdefault("corrected", []).append(((typed, value), typed))
        if m.group("after") and not m.group("close"):  # "digo, 150 usuários": the last has its own unit
            scan.blank(start, m.start("new"))
            continue
        kept = f"{new} {noun}".strip()
        scan.blank(start, m.end())
        scan.work = scan.work[:start] + kept + scan.work[start + len(kept) :]
        scan.taken.difference_update(range(start, start + len(kept)))


def _values(typed: str) -> set[float]:
    """What a number as typed may be: a count ("128k": 128,000) or a context ("128k": 131,072 tokens)."""
    typed = typed.replace(" ", "")
    return {v for v in (parse_amount(typed), parse_context(typed)) if v}


# "redatores (15)", "professores da rede estadual (12 mil)", "atendentes (uns 40)": a count in parentheses after
# a people's noun (and the words naming their group) is that many of them, read as "15 redatores" is. It had
# been left unread, read as people at once, or "12 mil" as a context of 12,000 tokens. So are places ("lojas
# (180) com uns 5 vendedores cada": 180 stores of 5).
_COUNT_IN_PARENS = regexes.compile(
    rf"\b(?P<people>(?:{_COUNT_NOUNS}|{_HEADS}|{_W('counts.no_load')})\b(?:\s+[a-z]+){{0,4}}?)\s*\(\s*"
    r"(?:(?:uns|umas|cerca\s+de|aprox\.?|aproximadamente|about|around|approx\.?|~)\s*)?"
    r"(?P<n>\d{1,3}(?:[.,]\d{3})+|\d{1,6})(?:\s*(?P<k>mil|k)\b)?(?:\s+(?:pessoas|people))?\s*\)"
)
# "200 usuários (50 ao mesmo tempo)": the people counted before their noun already.
_PEOPLE_COUNTED_BEFORE = regexes.compile(r"\d\s*(?:mil|k)?\s*(?:[a-z]+\s+)?$")


def _counted_in_parens(scan: _Scan) -> None:
    """Moves a count in parentheses before the people it counts (_COUNT_IN_PARENS), in the working text and the
    text as typed alike, the same length (positions stay aligned): every reader of "15 redatores" reads it."""
    for m in reversed(scan.finditer(_COUNT_IN_PARENS)):
        start, end = m.span()
        if scan.taken.intersection(range(start, end)) or _PEOPLE_COUNTED_BEFORE.search(
            scan.work, max(0, start - 12), start
        ):
            continue
        count = (m.start("n"), m.end("k") if m.group("k") else m.end("n"))
        people = m.span("people")

        def moved(text: str, count=count, people=people, start=start, end=end) -> str:
            said = f"{text[count[0] : count[1]]} {text[people[0] : people[1]]}"
            return text[:start] + said.rjust(end - start) + text[end:]  # the gap before: no reader spans it

        scan.work, scan.original = moved(scan.work), moved(scan.original)


# "40 mil alunos, sendo 10% de pós", "8 mil funcionários, sendo 2 mil caixas", "2000 employees, of whom 300 are
# engineers": a part of the people counted just before, named by a share or a count of its own. It is among them
# and adds no one: read and said, the head-count kept (the 10 had been left unread, "300" a context of tokens).
SUBGROUP = regexes.compile(
    rf"(?<=[\w)])(?P<head>\s*,?\s*(?:{traffic_query.subgroup_words()})\s+)(?:(?:uns|umas|cerca\s+de|about|around|~)\s*)?"
    r"(?:\d+(?:[.,]\d+)?\s*%|\d+(?:[.,]\d+)*(?:\s*(?:k|mil)\b)?)"
    # not the part at once ("dos quais 30 em simultâneo", Portugal's "ao mesmo tempo"; "of whom 30 concurrently"),
    # read as the people at once (it had been left "dos quais 30 em" not understood)
    r"(?:\s+(?!(?:usam|usa|usarao|vao|use|uses|will|ao|at|simultane\w*|online|ativos|active|em\s+simultaneo|"
    r"em\s+paralelo|concurrent\w*|a\s+usar|a\s+utilizar|utiliza\w*)\b)[a-z]+){1,3}\b"
    r"(?![\d-])"
)
# That part said to be the only one using it: "só a pós vai usar", "apenas os caixas usam", "only the engineers
# will use it" (the noun one of the part's own words, _subgroup).
_ONLY_PART_USES = regexes.compile(
    r"\b(?:so|somente|apenas|only|just)\s+(?:(?:a|o|as|os|the|our|nossos|nossas|esses|essas|those)\s+)?"
    r"(?:(?:alunos|pessoal|turma)\s+(?:d[aoe]s?\s+)?)?(?P<noun>[a-z]+)\s+"
    r"(?:vai|vao|ira|irao|usa|usam|usara|usarao|utiliza|utilizam|acessa|acessam|will|would|use|uses|need|needs)\b"
)
_PART_AMOUNT = regexes.compile(r"(\d+(?:[.,]\d+)?)\s*%|(\d+(?:[.,]\d+)*(?:\s*(?:k|mil)\b)?)")
# The head-count right before a part of it (SUBGROUP).
_COUNTED_BEFORE_PART = regexes.compile(
    rf"\d[\d.,]*\s*(?:k|mil)?\s+(?:{_HEADS}|{_COUNT_NOUNS})\b(?:\s+[a-z]+){{0,2}}\s*$"
)


def _subgroup(scan: _Scan) -> None:
    """A part of the people counted before it (SUBGROUP): kept as said (query.subgroups) and blanked, so that no
    reader takes its count for another group, a share at once or a length."""
    for m in reversed(scan.finditer(SUBGROUP)):
        start = m.end("head")
        if scan.taken.intersection(range(start, m.end())) or not _COUNTED_BEFORE_PART.search(
            scan.work, max(0, m.start() - 40), m.start()
        ):
            continue
        words = re.findall(r"[a-z]+", scan.work[start : m.end()])
        if any(f.group("noun") in words for f in _FOR_PEOPLE.finditer(scan.typed)):
            continue  # "..., sendo 60 analistas, llama 70b pros analistas": the part is the users (_named_users)
        typed = scan.original[m.start("head") : m.end()].strip(" ,")
        only = next(
            (o for o in _ONLY_PART_USES.finditer(scan.work, m.end()) if o.group("noun") in words), None
        )
        amount = _PART_AMOUNT.search(scan.work, start, m.end())
        if only is not None and amount is not None:
            # the part is the load: its share of the head-count, or its own count
            part = (
                (_float(amount.group(1)) / 100, True)
                if amount.group(1)
                else (parse_count(amount.group(2).replace(" ", "")), False)
            )
            scan.found.setdefault("subgroup_only", []).append((part, typed))
            scan.blank(only.start(), only.end("noun"))
        else:
            scan.found.setdefault("subgroup", []).append((True, typed))
        scan.blank(m.start("head"), m.end())


def _restated(scan: _Scan) -> None:
    """Blanks a value restated in parentheses (RESTATED): what is before it is read as said."""
    for m in list(RESTATED.finditer(scan.work)):
        words = set(m.group("unit").split())
        if not words <= _RESTATED_UNITS | set(m.group("noun").split()):
            continue  # "10 usuários (2 gpus)": something else
        said, again = _values(m.group("said")), _values(m.group("again"))
        if any(abs(a - b) <= RESTATED_TOLERANCE * max(a, b) for a in said for b in again):
            scan.blank(scan.work.index("(", m.end("noun")), m.end())


# "1 200 trabalhadores", "10 000 pedidos por dia": thousands grouped by a space (how pt-PT writes them, and
# how our own pt-PT answers print them), followed by a word. A number hyphenated to a name is its version
# ("glm-5 200k" had been 5,200k tokens, and nothing understood).
SPACED_THOUSANDS = regexes.compile(
    r"(?<![\w.,])(?<!\w-)([a-z]+\s+)?([1-9]\d{0,2})((?:[ \u00a0\u202f]\d{3})+)(?![\d.,])(?=\s*[a-z])"
)


# Words numbered before a count ("fase 2 200 pessoas", "phase 2 500 users"), never a thousands' group.
_ORDINAL_WORDS = frozenset({"fase", "etapa", "phase", "stage", "onda", "wave", "sprint"})


# A parameter size's unit glued to the last group ("3 405b", "2 350m"): a version and a size after a name.
_SIZE_GLUED = regexes.compile(r"[bm]\b")


# What every SPACED_THOUSANDS match holds and its strings cannot tell (it has none): a digit, a space, three
# digits. Its optional word before the number is tried from every letter (~3.6 us a question); this says in
# ~0.5 us that ~3 questions in 4 hold none.
_SPACED_THOUSANDS_CUE = regexes.compile(r"\d[ \u00a0\u202f]\d{3}")


def _spaced_thousands(scan: _Scan, catalog: Catalog) -> None:
    """Joins spaced thousands with a dot, same length (positions stay aligned), unless the number before
    the space is a model's version after its family name ("llama 3 200 pedidos", "qwen 2 500 usuários") or
    after a catalogue name's word ("hermes 4 405b" had been 4,405B)."""
    if _SPACED_THOUSANDS_CUE.search(scan.work) is None:
        return
    families = FAMILIES | family_words(catalog)
    versioned = versioned_words(catalog)

    def join(m: re.Match) -> str:
        before = m.group(1) or ""
        if before.strip() in families or (before.strip(), m.group(2)) in versioned:
            return m.group(0)
        if before.strip() in _ORDINAL_WORDS:
            return m.group(0)  # "fase 2 200 pessoas": a phase's number, then its count
        if before and _SIZE_GLUED.match(scan.work, m.end()):
            # "hermes 3 405b": a name's version, then a size; nobody spaces a size's thousands
            return m.group(0)
        return before + m.group(2) + re.sub(r"\s", ".", m.group(3))

    scan.sub(SPACED_THOUSANDS, join)


# "1.000.000 tokens", "1,000,000 users", "10.000.000" (and "1 000 000", dotted by _spaced_thousands): a number
# of two or more thousands groups, one separator throughout, can only be a whole count. Written as plain digits
# padded to the same length (positions stay aligned), so every reader that takes "100.000" takes it too (they
# read at most one separator: "1.000.000" had been "000.000", a context of 0 tokens).
_MANY_GROUPS_CUE = regexes.compile(r"\d[.,]\d{3}[.,]\d{3}")
MANY_GROUPS = regexes.compile(r"(?<![\w.,])\d{1,3}(?:(?P<sep>[.,])\d{3})(?:(?P=sep)\d{3})+(?![\w]|[.,]\d)")


def _joined_groups(m: re.Match) -> str:
    return f"{m.group(0).replace(m.group('sep'), ''):<{len(m.group(0))}}"


_JOINER = regexes.compile(r"[\s_/.-]*")


def _spans(work: str) -> list[tuple[int, int, int, str]]:
    """Runs of up to MAX_SPAN words joined only by spaces or name punctuation (not commas or "?"), longest
    first from each word: start, end, words, and the run's normalize() key. The key is its words' keys joined:
    what joins them is punctuation and spaces, which normalize drops, and it reads character by character
    (one normalize a word, not one a run: ~15 in place of ~44 a question)."""
    tokens = [(m.start(), m.end(), normalize(m.group())) for m in WORD.finditer(work)]
    count = len(tokens)
    joined = [bool(_JOINER.fullmatch(work, a[1], b[0])) for a, b in itertools.pairwise(tokens)]
    words = [token[2] for token in tokens]
    out = []
    for i in range(count):
        end = i + 1
        while end < count and end - i < MAX_SPAN and joined[end - 1]:
            end += 1
        start = tokens[i][0]
        keys = list(itertools.accumulate(words[i:end]))
        for j in range(end, i, -1):
            out.append((start, tokens[j - 1][1], j - i, keys[j - i - 1]))
    return out


# A name ending in a bare number ("devstral 2"), for a count said right after it ("devstral 2 gpus").
_COUNTED_NUMBER_END = regexes.compile(r"\s\d{1,2}$")
# A GeForce's bare number ("numa 4080") is a count or a length when a unit follows it or a length's words
# come before it: "4080 tokens", "3090 usuários", "contexto de 4070".
_NUMBER_USE_AFTER = regexes.compile(rf"\s*(?:tokens?\b|toks?\b|k\b|{_COUNT_NOUNS}\b)")
_NUMBER_USE_BEFORE = regexes.compile(
    r"\b(?:contexto|context|janela|window|prompts?|respostas?|answers?|outputs?|sa[ií]das?|entradas?|inputs?)"
    r"\s*(?:de|of|com|with|=|:)?\s*(?:ate\s+|up\s+to\s+)?$"
)
# "a 40", "a 100" spelled apart: the A40 or A100, or the preposition "a" before a count.
_SPACED_A = regexes.compile(r"a\s+\d")
_GPUS_AFTER = regexes.compile(r"\s*(?:gpus?|placas?|cards?)\b")
# A version's minor part never follows it after a space: "v3 1" is a version and a number.
_SPLIT_VERSION = regexes.compile(r"\bv\d+\s+\d{1,2}\b")  # a date ("v3 0324") is no minor part
# "a single 4090-class card", "an A100-class GPU", "H100 class hardware": a card like the one named, sized as it
# (the name with its suffix had been an unknown GPU "4090").
GPU_CLASS_SUFFIX = regexes.compile(r"(?<=\d)(?:-|\s+)(?:class|tier|grade)\b(?![-\w])")
_GLUED_COUNT = regexes.compile(
    r"(\d+)\s*[x×*]\s*(?=[a-z]|\d{4}(?![\w.]))"
)  # "2x4090": a GeForce by its number
_GLUED_COUNT_AFTER = regexes.compile(r"(?<=[a-z0-9])[x×*]\d{1,3}$")  # "h100x2"
# A GeForce card's tier after its number ("rtx 3080 ti", "4070 super", "4060ti"): another card. Not "super"
# before a word it qualifies ("uma 4090 super rápida"), only before a connective or the end.
_TIER_AFTER = regexes.compile(
    r"(?<=\d)[\s_-]*(?:ti\b|super\b(?!\s+(?!(?:de|do|da|com|with|e|and|ou|or|para|pra|for|no|na|em|in|on|to|vs)\b)"
    r"[a-z]))"
)
_BARE_MEMORY_AFTER = regexes.compile(r"[\s-]+(\d{2,3})(?![\w%]|[.,]\d)")
_MEMORY_AFTER = regexes.compile(
    r"[\s:-]*(?:(?:de|com|with|of|has|have|tem|possui)\b[\s:-]*)?\d{1,4}(?:[.,]\d)?\s*(?:gb|gib|g)\b"
)


# A Portuguese article before a word ("o llama", "a qwen"): never the first letter of a name glued to it.
_ARTICLE_SPLIT = regexes.compile(r"[oa]\s+[a-z]")


def _names(scan: _Scan, catalog: Catalog) -> None:
    """Catalogue names (models, GPUs, precisions), longest first; "2x h100" and "duas H100" carry a count."""
    indexes = _indexes(catalog)
    names = _names_index(catalog)
    matches = []
    glue = "x" in scan.work or "×" in scan.work or "*" in scan.work  # _GLUED_COUNT needs one (most lack all)
    for start, end, length, key in scan.spans():
        for kind, item in names.get(key, ()):
            if kind is _PLURAL:
                # "H100s", "two A100s": a GPU name in the plural.
                matches.append((length, end - start, -start, start, end, "gpu", item))
                continue
            if kind == "model" and _SPLIT_VERSION.search(scan.work, start, end):
                continue  # "deepseek-v3 1 users" is V3 and a count, not "v3.1" (names ignore dots)
            if _ARTICLE_SPLIT.match(scan.work, start, end):
                continue  # names ignore spaces: "ajuda com o llama" is no Ollama (it had been q4_k_m)
            if kind == "model" and not same_size_word(item, key, scan.work[start:end]):
                continue  # names ignore spaces: "gemma 31b" is no "gemma 3 1b"
            if kind == "model" and _NO_NAME_AFTER.match(scan.work, end):
                continue  # "o command a partir de amanhã": Portuguese after the name's last word, no Command A
            if (
                kind == "model"
                and _COUNTED_NUMBER_END.search(scan.work, start, end)
                and (COUNTED.match(scan.work, end) or _GPUS_AFTER.match(scan.work, end))
            ):
                continue  # "devstral 2 gpus": two GPUs of Devstral, not Devstral 2
            if (
                kind == "gpu"
                and key.isdigit()
                and (
                    _NUMBER_USE_AFTER.match(scan.work, end) or _NUMBER_USE_BEFORE.search(scan.work, 0, start)
                )
            ):
                continue  # "4080 tokens", "3090 usuários", "contexto de 4090": a number, no GeForce
            if (
                kind == "gpu"
                and _SPACED_A.match(scan.work, start, end)
                and _NUMBER_USE_AFTER.match(scan.work, end)
            ):
                continue  # "servi-lo a 40 utilizadores", "a 100 usuários": "a" is a preposition, no A40 or A100
            matches.append((length, end - start, -start, start, end, kind, item))
        # "2xa100", "8xh100": a count glued to a GPU name (a span starting with a digit, as the pattern's; the
        # test skips running it on the ~25 spans of a question, most of words).
        glued = _GLUED_COUNT.match(scan.work, start, end) if glue and scan.work[start].isdecimal() else None
        if glued:
            rest = normalize(scan.work[glued.end() : end])
            if gpu := indexes["gpu"].get(rest) or _plural_gpu(rest, indexes["gpu"]):
                matches.append((length, end - start, -start, glued.end(), end, "gpu", gpu))
        # "H100x2", "l40sx4": a count glued after it (read by _gpu_count, as "H100 x2" is).
        # (the pattern ends in a digit, and a span in a word: the test skips most)
        glued = (
            _GLUED_COUNT_AFTER.search(scan.work, start, end)
            if length == 1 and scan.work[end - 1].isdecimal()
            else None
        )
        if glued and (gpu := indexes["gpu"].get(normalize(scan.work[start : glued.start()]))):
            matches.append((length, end - start, -start, start, glued.start(), "gpu", gpu))
    for _, _, _, start, end, kind, item in sorted(matches, reverse=True):
        if scan.taken.intersection(range(start, end)):
            continue  # part of it went to a longer name
        value = item.id
        # "deepseek v2.5", "deepseek coder v2 lite", "command r plus": a version or variant the catalogue lacks,
        # after a name with no size, is another model than the name's (DeepSeek V3 is 671B, Command R 35B):
        # kept as typed, so the answer says the catalogue lacks it instead of sizing another model. A minor
        # revision of a version it has ("deepseek v3.1": "deepseek v3") stays that model.
        if (
            kind == "model"
            and not _SIZE_IN_NAME.search(scan.work, start, end)
            and (
                (tail := VARIANT_AFTER.match(scan.work, end))
                or (not _DIGIT.search(scan.work, start, end) and (tail := NUMBER_AFTER.match(scan.work, end)))
            )
            and not (
                (major := _MAJOR.search(tail.group(0)))
                and normalize(scan.work[start:end] + major.group(0)) in indexes["model"]
            )
        ):
            end = tail.end()
            value = re.sub(r"\s*\+$", " plus", scan.original[start:end].strip())  # names ignore a "+"
        if kind == "model" and (variant := _variant_after(scan, start, end, indexes["model"])) is not None:
            item, end = variant  # "qwen 7b coder": Qwen2.5-Coder 7B, as "qwen coder 7b" is
            value = item.id
        if kind == "gpu" and (bare := _BARE_MEMORY_AFTER.match(scan.work, end)):
            # "a100 40", "2 h100 80": the card's memory without its unit, a variant the catalogue names with it
            # ("a100 40gb"); the 40 had been left unread and the 80 GB A100 sized.
            sized = _variant_with_memory(indexes["gpu"], scan.work[start:end], bare.group(1))
            if sized is not None and not (
                _NUMBER_USE_AFTER.match(scan.work, bare.end())
                or COUNTED.match(scan.work, bare.end())
                or _GPUS_AFTER.match(scan.work, bare.end())
            ):
                item, value, end = sized, sized.id, bare.end()
        tier = _TIER_AFTER.match(scan.work, end) if kind == "gpu" else None
        if tier is not None and _MEMORY_AFTER.match(scan.work, tier.end()):
            continue  # "minha rtx 3080 ti de 12gb": the card by its memory (_own_device), not the 3080
        scan.found.setdefault(kind, []).append((value, scan.original[start:end].strip()))
        scan.blank(start, end)
        if kind == "model" and (tag := ACTIVE_TAG.match(scan.work, end)) and _own_active(item, tag.group(1)):
            # "qwen3 moe 30b a3b": an alias ending at the total size, with the active size after it.
            scan.found[kind][-1] = (value, scan.original[start : tag.end()].strip())
            scan.blank(tag.start(), tag.end())
        if kind == "model" and value == item.id and (dated := SIZE_THEN_RELEASE.match(scan.work, end)):
            # "devstral small 24b 2507": the size typed between a name and its release's date. The release the
            # catalogue has under the name ("devstral small 2507"), or the model named, when the size is its
            # own; the date had been a context of 2,507 tokens and the size another release's.
            dated_item = indexes["model"].get(
                normalize(strip_accents(scan.original[start:end]) + dated.group(2))
            )
            for candidate in (dated_item, item):
                if candidate is not None and _own_size(catalog, candidate.id, dated.group(1)):
                    value, typed = candidate.id, scan.original[start : dated.end()].strip()
                    scan.found[kind][-1] = (value, typed)
                    scan.found.setdefault("release_tag", []).append((value, typed))
                    scan.blank(start, dated.end())
                    break
        elif kind == "model" and value == item.id and (tag := RELEASE_TAG.match(scan.work, end)):
            # "devstral small (2507)": the release the catalogue has under the name and date, as without them.
            dated_item = indexes["model"].get(
                normalize(strip_accents(scan.original[start:end]) + tag.group("date"))
            )
            if dated_item is not None and dated_item.id != value:
                value = dated_item.id
                scan.found[kind][-1] = (value, scan.original[start : tag.end()].strip())
            scan.found.setdefault("release_tag", []).append((value, scan.original[start : tag.end()].strip()))
            scan.blank(tag.start("date") if tag.group("precision") else tag.start(), tag.end())
        if kind == "gpu":
            scan.found.setdefault("gpu_at", []).append((start, value))  # longest names are read first
            scan.found.setdefault("gpu_end", []).append((end, len(scan.found["gpu"]) - 1))
            _gpu_count(scan, start, end)
            if tier is not None:
                # "rtx 3080 ti", "4070 super": another card than the one named (the 3080 Ti has 12 GB, the
                # 3080 10), which the catalogue lacks (the ones it has are aliases, read whole above): asked
                # about, never sized as the card without its suffix.
                typed = scan.original[start : tier.end()].strip()
                _raise_unknown_gpu(typed, list(indexes["gpu"]), indexes["gpu"], always=True)


_PLATFORMS: dict[int, tuple[Catalog, dict[str, dict[str, str]]]] = {}


def _platforms(catalog: Catalog) -> dict[str, dict[str, str]]:
    """{platform: {normalized plain name: GPU id}} from gpus.toml's platform_aliases (built once per catalogue)."""
    cached = _PLATFORMS.get(id(catalog))
    if cached and cached[0] is catalog:
        return cached[1]
    found: dict[str, dict[str, str]] = {}
    for gpu in catalog.gpus:
        for platform, names in gpu.platform_aliases.items():
            found.setdefault(platform.lower(), {}).update({normalize(n): gpu.id for n in names})
    _PLATFORMS[id(catalog)] = (catalog, found)
    return found


def _platform_gpus(scan: _Scan, catalog: Catalog) -> None:
    """ "lora no colab com a100", "colab pro a100": a GPU named plainly on a hosted notebook service is that
    service's card (Colab's A100 has 40 GB; a plain "a100" is the 80 GB one), said as read so."""
    text = scan.original.lower()
    for platform, names in _platforms(catalog).items():
        if not re.search(rf"\b{re.escape(platform)}\b", text):
            continue
        for i, (gpu_id, typed) in enumerate(scan.found.get("gpu", [])):
            other = names.get(normalize(typed))
            if other is None or other == gpu_id:
                continue
            scan.found["gpu"][i] = (other, typed)
            scan.found["gpu_at"] = [
                (at, other if g == gpu_id else g) for at, g in scan.found.get("gpu_at", [])
            ]
            shown = f"{catalog.gpu(other).name} ({platform.capitalize()})"
            scan.found.setdefault("platform_gpu", []).append((shown, typed))


# "colab pro", "colab pro+": paid tiers, whose card varies (A100, L4, T4): no default is read for them.
_PAID_PLATFORM = regexes.compile(r"\bcolab\s*(?:pro|\+)")


def _platform_default(scan: _Scan, catalog: Catalog) -> None:
    """ "qlora do llama 3 8b no colab": a hosted notebook service with no GPU named runs its free tier's
    card (gpus.toml platform_default: Colab's T4), said as read so."""
    text = scan.original.lower()
    if _PAID_PLATFORM.search(text):
        return
    for gpu in catalog.gpus:
        for platform in gpu.platform_default:
            m = re.search(rf"\b{re.escape(platform)}\b", text)
            if m is None:
                continue
            scan.found["gpu"] = [(gpu.id, scan.original[m.start() : m.end()])]
            scan.found.setdefault("platform_gpu", []).append(
                (f"{gpu.name} ({platform.capitalize()})", scan.original[m.start() : m.end()])
            )
            return


# GPU families by their architecture's name (gpus.toml family_default): a cheap cue before the catalogue's words.
_FAMILY_CUE = regexes.compile(r"(?i)hopper|blackwell|ampere|lovelace|\bada\b")


def _family_default(scan: _Scan, catalog: Catalog) -> None:
    """ "does nvfp4 work on hopper or only blackwell?": an architecture named with no card is its family's
    card of the catalogue (gpus.toml family_default: Hopper the H100 SXM), each said as read; several are a
    comparison, as several cards are."""
    found = []
    for gpu in catalog.gpus:
        for family in gpu.family_default:
            for m in re.finditer(rf"\b{re.escape(family)}\b", scan.work, re.IGNORECASE):
                found.append((m.start(), m.end(), gpu, family))
    found.sort(key=lambda f: f[0])
    for start, end, gpu, family in found:
        if not scan.work[start:end].strip():
            continue  # "ada lovelace": blanked by the longer name already
        typed = scan.original[start:end]
        scan.found.setdefault("gpu", []).append((gpu.id, typed))
        scan.found.setdefault("platform_gpu", []).append((f"{gpu.name} ({family.title()})", typed))
        scan.blank(start, end)


# "mistral large 2411", "qwen3 32b 2507": a release's year and month after a model's name (Mistral and Qwen
# date their releases so) is that model, never a context of 2,411 tokens; unless a count follows it.
# In parentheses too: "mistral small 3.2 (2506)" (had been a context of 2,506 tokens).
# A precision may stand between ("llama 3.1 405b instruct fp8 2407": the date had been a context of 2,407 tokens);
# it stays for the precision's reader.
RELEASE_TAG = regexes.compile(
    rf"[\s_-]+\(?\s*(?:instruct[\s_-]+)?(?P<precision>(?:fp8|bf16|fp16|awq|gptq|int4|int8)[\s_-]+)?"
    rf"(?P<date>2[3-6](?:0[1-9]|1[0-2]))(?:\s*\))?(?![\w.,])(?!\s*(?:{_COUNT_NOUNS}|tok))"
)
SIZE_THEN_RELEASE = regexes.compile(
    rf"[\s_-]+(\d+(?:\.\d+)?b)[\s_-]+\(?\s*(?:instruct[\s_-]+)?(2[3-6](?:0[1-9]|1[0-2]))(?:\s*\))?(?![\w.,])"
    rf"(?!\s*(?:{_COUNT_NOUNS}|tok))"
)
# A derivative's word after the size ("qwen 7b coder", "qwen2.5 7b math"): the derivative, named so.
DERIVATIVE_AFTER = regexes.compile(r"[\s_-]+(coder|math|vl|vision)(?![\w.])")
_NAME_AND_SIZE = regexes.compile(r"(.*?)[\s_-]*(\d+(?:\.\d+)?b)$")


def _variant_after(scan: _Scan, start: int, end: int, models: dict) -> tuple | None:
    """(the derivative, where its word ends) when a derivative's word follows a name that ends at its size
    and the catalogue knows the name with the word before the size; else None."""
    after = DERIVATIVE_AFTER.match(scan.work, end)
    named = _NAME_AND_SIZE.match(scan.work[start:end]) if after else None
    if named is None:
        return None
    item = models.get(normalize(f"{named.group(1)} {after.group(1)} {named.group(2)}"))
    return (item, after.end()) if item is not None else None


ACTIVE_TAG = regexes.compile(r"\s*-?\s*a(\d+(?:[.,]\d+)?)\s*b(?![\w.])")


def _own_active(model, typed: str) -> bool:
    """Whether "a3b" is the model's active size, as a name rounds it (_own_size)."""
    active = getattr(model, "active_params", 0) / 1e9
    return active > 0 and abs(float(typed.replace(",", ".")) - active) <= 0.20 * active


_SIZE_IN_NAME = regexes.compile(r"\d(?:[.,]\d+)?\s*[bm]\b|\d+x\d")
_MAJOR = regexes.compile(r"v?\d+(?=\.)")
_DIGIT = regexes.compile(r"\d")
# "mistral large 3", "devstral 2 para 10 usuários", "mixtral 2", "kimi k2.5": a version after a name that
# has no number of its own, followed by nothing that counts it ("devstral 2 gpus" is two GPUs).
_VERSION_END = (
    r"(?=\s*(?:$|[,;:?!)]|\.(?!\d)|(?:em|com|para|pra|no|na|num|numa|in|on|with|for"
    r"|e|and|ou|or|vs|versus|fp8|fp16|bf16|int4|int8|awq|gptq|q4|q8|instruct|reasoning|base|e\d+b)\b))"
)
NUMBER_AFTER = regexes.compile(rf"[\s_-]+[hkmr]?\d{{1,2}}(?:\.\d{{1,2}})?{_VERSION_END}")
VARIANT_AFTER = regexes.compile(
    r"[\s_-]+(?:[a-z]+[\s_-]+)?(?:v\d+(?:\.\d+)*(?:[\s_-]+(?:lite|plus))?|plus|lite)(?![\w.])|\s*\+(?![\w+])"
)


# The flag a serving engine's launch line names its model with (vLLM, SGLang, TGI, llama.cpp's server).
MODEL_FLAG = regexes.compile(r"(?:--|\b)model(?:[-_](?:path|id))?\s*[=\s]\s*$")


def _repos(scan: _Scan, catalog: Catalog) -> None:
    """Hugging Face repo ids, as typed (the Hub is case-sensitive about nothing, but answers show them so)."""
    index = _indexes(catalog)["model"]
    releases = release_index(catalog.models)
    gpus = _indexes(catalog)["gpu"]
    found = []
    for m in scan.finditer(REPO):
        if normalize(m.group(1).split("/")[0]) in gpus:
            # "h100/h200", "a100/h100": GPUs weighed against each other, not an owner and a model; the slash
            # goes, so that each is read as a GPU
            slash = m.start(1) + m.group(1).index("/")
            scan.blank(slash, slash + 1)
        else:
            found.append(m)
    flagged = [m for m in found if MODEL_FLAG.search(scan.work, 0, m.start())]
    if flagged:
        # A launch line: "docker run vllm/vllm-openai --model org/name" names its model with the flag; the
        # other owner/name words are the image and the like.
        for m in found:
            if m not in flagged:
                scan.blank(m.start(), m.end())
        found = flagged
    for m in found:
        typed = scan.original[m.start() : m.end()]
        # A published release keeps its repo name: it carries the checkpoint's precision and exact bytes.
        item = None if normalize(typed) in releases else index.get(normalize(typed))
        scan.found.setdefault("model", []).append((item.id if item else typed, typed))  # type: ignore[attr-defined]
        scan.blank(m.start(), m.end())


def _plural_gpu(key: str, index: dict):
    return index.get(key[:-1]) if key.endswith("s") and len(key) > 2 else None


_BOARD_BEFORE_GPU = regexes.compile(r"(?:(?<![\w.,])(\d{1,2})\s*[x×]?\s*)?\b(?:nvidia\s+)?(?:dgx|hgx)s?\s*$")
_RANK_BEFORE = regexes.compile(r"\brank\s*[=:]?\s*$")
# "2 (duas) L40S" too, and a quote's units: "2 units of RTX 4090", "2 unidades da L40S", "4 pcs of H100"
_COUNT_BEFORE_GPU = regexes.compile(
    r"(?<![\w.,=:])\(?(\d{1,5}|\d{1,2}[.,]\d{3}(?![.,]?\d))\s*\)?\s*(?:[x×*]|(?:units?|pcs|pieces?)\s+of|unidades?\s+d[aeo]s?|pcs)?\s*$"
)
# "one H100 or one H200", "uma única A100": one GPU said in words, right before the card's name; "uma H200 ou
# duas H100": "uma" is also an article, a count only beside another GPU's count (_gpus_named).
_ONE_WORD_BEFORE_GPU = regexes.compile(rf"(?<![\w.,=:])(?:{_W('counts.one_gpu')})\s+$")
_ONE_ARTICLE_BEFORE_GPU = regexes.compile(rf"(?<![\w.,=:])(?:{_W('counts.one_gpu_article')})\s+$")
# "numa H100 ou numa H200", "on an H100 or on an H200": where the model runs, one GPU on each side.
_ONE_ON_BEFORE_GPU = regexes.compile(rf"(?<![\w.,=:])(?:{_W('counts.one_gpu_on')})\s+$")
_COUNT_AFTER_GPU = regexes.compile(r"\s*\(?\s*(?:[x×*]\s*(\d{1,4})\b|(\d{1,4})\s*[x×*](?![\w.]))\s*\)?")
# A pre-training cluster is counted in hundreds or thousands ("with 512 H100s", "em 128 h100", "16,384 H100s":
# Llama 3 405B's): up to the engine's most, unless a context word says the number is tokens ("contexto de 4096
# h100" is no 4,096 GPUs).
_MOST_GPUS_NAMED = MAX_GPUS
# "2 ou 4 H100", "2x or 4x H100s", "2 gpus ou 4 h100", "2 placas ou em 4 h100": the first of a choice of counts
# before a GPU's count; the GPU named once after the last count is every count's (the "2 gpus" had contradicted
# the "4 h100").
_COUNTED_GPUS = rf"(?:\s*{_W('counts.gpus')}\b)?"
_COUNT_CHOICE_BEFORE = regexes.compile(
    rf"(?<![\w.,=:])(\d{{1,2}})\s*[x×*]?{_COUNTED_GPUS}\s*,?\s*\b(?:ou|or|vs\.?|versus)\s+"
    r"(?:(?:talvez|maybe|entao|then)\s+)?(?:(?:com|em|with|on|in|usando|using)\s+)?$"
)
# "1, 2 ou 4 l40s", "one, two or four H100s" (the number words but "one" are digits by now): a count listed
# before a choice's.
_COUNT_LISTED_BEFORE = regexes.compile(
    rf"(?<![\w.,=:])(\d{{1,2}}|{_ONE})\s*[x×*]?{_COUNTED_GPUS}\s*,\s*(?:(?:com|em|with|on|in)\s+)?$"
)
# Above 64, a number before a GPU is GPUs only after a word that says so ("with 512 H100s", "em 128 h100"):
# in shorthand ("30b-a3b 2048 a100") a power of two before a GPU is the context. After it, "x128" says so.
_CLUSTER_CUE = regexes.compile(r"\b(?:em|on|with|com|using|usando|across|sobre|in|de)\s+$")


_SERVERS = _W("counts.servers")
# "2 nodes of 8 H100", "2 servidores com 8x H100 cada", "2 servidores, cada um com 4 gpus": servers before the
# GPUs of each.
_SERVERS_BEFORE = regexes.compile(
    rf"(?<![\w.,=:])(\d{{1,3}})\s*(?:[x×*]\s*)?{_SERVERS}\s*(?:(?:,\s*)?{_W('counts.per_server')}\s*)?$"
)
# "um par de servidores com 8 H100", "a pair of nodes with 8 H100": servers in pairs.
_PAIRED_SERVERS = regexes.compile(rf"{_PAIRS_OF}{_SERVERS}\s*(?:{_W('counts.per_server')}\s*)?$")
# "8x H100 on 4 servers", "8 H100 cada, em 2 nós": servers after them.
_SERVERS_AFTER = regexes.compile(
    rf"\s*(?:each|cada|per\s+{_SERVERS}|por\s+{_SERVERS})?\s*,?\s*(?:em|on|in|across|over|x|×|\*|sobre)?\s*"
    rf"(\d{{1,3}})\s*{_SERVERS}\b"
)
# "2x8 H100", "2 x 8xH100": servers times GPUs each.
_SERVERS_GRID = regexes.compile(r"(?<![\w.,=:])(\d{1,2})\s*[x×*]\s*(\d{1,2})\s*[x×*]?\s*$")


_MOST_PER_SERVER = 8
SERVERS_ALONE = regexes.compile(rf"(?<![\w.,=:])(\d{{1,2}})\s*{_SERVERS}\b")


def _pairs(m: re.Match) -> int | None:
    """'2 pares de': four GPUs; 'um par de', 'a pair of': two."""
    pairs = int(m.group(1)) if m.group(1) else 1
    return 2 * pairs if 0 < pairs <= 32 else None


def _pretraining(scan: _Scan) -> bool:
    """A pre-training said in words: its sequences are thousands of tokens (Llama 3: 8,192; arXiv:2407.21783), so
    a power of two before a GPU ("2T tokens, 512 h100") is the cluster, not a context of 512."""
    return any(kind == "pretrain" and scan.search(pattern) for kind, pattern in STAGES)


def _gpu_count(scan: _Scan, start: int, end: int) -> None:
    """The count next to a GPU name: "2 H100s", "2x h100", "duas L40S" (number words are digits by now),
    "um par de H100", "2 pares de A100", or after it: "H100 x2", "L40S (x4)"; times the servers when they are
    said: "2 nodes of 8 H100", "um par de servidores com 8 H100"."""
    grid = _SERVERS_GRID.search(scan.work, 0, start)
    if grid and all(0 < int(n) <= 64 for n in grid.groups()):
        # "2x8 H100": 2 servers of 8.
        scan.found.setdefault("gpus", []).append(
            (int(grid.group(1)) * int(grid.group(2)), grid.group(0).strip())
        )
        scan.blank(grid.start(), grid.end())
        return
    board = scan.search(_BOARD_BEFORE_GPU, 0, start)
    if board:
        # "numa DGX H100", "2 HGX H200": NVIDIA's 8-GPU server boards (DGX H100/H200/A100/B200: 8 GPUs each).
        count = 8 * int(board.group(1) or 1)
        scan.found.setdefault("gpus", []).append((count, scan.original[board.start() : end].strip()))
        scan.found.setdefault("gpu_count_at", []).append((start, count))
        scan.blank(*board.span())
        return
    pairs = scan.search(PAIRS_BEFORE_GPU, 0, start)
    before = None if pairs else _COUNT_BEFORE_GPU.search(scan.work, 0, start)
    if before and _RANK_BEFORE.search(scan.work, 0, before.start()):
        before = None  # "lora rank 64 h200": the adapter's rank, not 64 GPUs
    after = None if pairs or before else _COUNT_AFTER_GPU.match(scan.work, end)
    one = None if pairs or before or after else _ONE_WORD_BEFORE_GPU.search(scan.work, 0, start)
    m = pairs or before or after or one
    if m is None:
        if on := _ONE_ON_BEFORE_GPU.search(scan.work, 0, start):
            scan.found.setdefault("gpu_one_on", []).append((start, on.group(0).strip()))
        if article := on or _ONE_ARTICLE_BEFORE_GPU.search(scan.work, 0, start):
            scan.found.setdefault("gpu_one_article", []).append((start, article.group(0).strip()))
        return
    if pairs:
        count = _pairs(pairs)
    elif one:
        count = 1
    else:
        number = m.group(1) or m.group(m.lastindex or 1)  # "H100 (2x)" as "H100 (x2)"
        number = number and number.replace(",", "").replace(".", "")  # "16,384 H100s", "16.384 H100"
        # "em 0 h100": no GPUs at all, refused as such by sizing/plan.py (it had been sized as 1 silently)
        count = int(number) if number and 0 <= int(number) <= _MOST_GPUS_NAMED else None
        if number and count is None and _pretraining(scan) and _CLUSTER_CUE.search(scan.work, 0, m.start()):
            count = int(number)  # "on 40000 H100s": a cluster past the most, refused as such (sizing/plan.py)
        if (
            count
            and count > 64
            and before
            and not _pretraining(scan)
            and (
                AFTER_CONTEXT_WORD.search(scan.work, 0, m.start())
                or not _CLUSTER_CUE.search(scan.work, 0, m.start())
            )
        ):
            count = None
    if count is None:
        return
    first, last = (start, m.end()) if after else (m.start(), end)
    servers = _SERVERS_BEFORE.search(scan.work, 0, first) or _PAIRED_SERVERS.search(scan.work, 0, first)
    if servers:
        first = servers.start()
    else:
        servers = _SERVERS_AFTER.match(scan.work, last)
        if servers:
            last = servers.end()
    machines = servers and (_pairs(servers) if servers.re == _PAIRED_SERVERS else int(servers.group(1)))
    if machines and 0 < machines <= 64:
        # "2 nodes of 8 H100" are 16; "16x H100, 2 nodes" are 16 too: more than a server holds (eight, in
        # every server gpus.toml lists) is the whole count, split over the servers said.
        if count <= _MOST_PER_SERVER:
            count *= machines
        scan.blank(*servers.span())
    choice = _COUNT_CHOICE_BEFORE.search(scan.work, 0, m.start()) if before and not machines else None
    if choice and 0 < int(choice.group(1)) <= 64 and int(choice.group(1)) != count:
        # "2 ou 4 H100?": a choice of counts of one GPU, weighed as two setups (the first typed is sized).
        scan.found.setdefault("gpu_count_other", []).append((count, scan.original[first:start].strip()))
        count, first = int(choice.group(1)), choice.start()
        scan.blank(choice.start(), choice.end())
        others = scan.found["gpu_count_other"]
        at = len(others) - 1
        while (more := _COUNT_LISTED_BEFORE.search(scan.work, 0, first)) and 0 < _listed(more) <= 64:
            # "1, 2 ou 4 l40s": every count of the list weighed (the 1 had been dropped), in the order typed.
            others.insert(at, (count, scan.original[first:start].strip()))
            count, first = _listed(more), more.start()
            scan.blank(more.start(), more.end())
        # The GPU the choice's counts are of: "2 ou 4 h100 ou 2 h200" weighs the 4 on the H100, beside the H200
        scan.found.setdefault("gpu_count_choice_at", []).extend((start, n) for n, _ in others[at:])
    typed = f"{scan.original[first:start]} {scan.original[end:last]}".strip()
    scan.found.setdefault("gpus", []).append((count, typed))
    scan.found.setdefault("gpu_count_at", []).append((start, count))  # the count of the GPU named there
    scan.blank(m.start(), m.end())


def _seats(scan: _Scan, m: re.Match) -> int | None:
    """A call centre's seats (SEATS): the users, marked so that shifts do not divide them."""
    scan.found["seats"] = [(True, m.group(0))]
    return int(m.group(1)) or None


def _gpus_in_servers(scan: _Scan, m: re.Match) -> int:
    """GPUs counted with no GPU named, and the servers that hold them: "4 servidores com 8 gpus", "8 GPUs em
    2 nós" are 32 and 16, as when a GPU is named (_gpu_count; the servers had been left unread)."""
    count = int(m.group(1))
    servers = _SERVERS_BEFORE.search(scan.work, 0, m.start()) or _SERVERS_AFTER.match(scan.work, m.end())
    machines = int(servers.group(1)) if servers else 0
    if not 0 < machines <= 64:
        return count
    if count <= _MOST_PER_SERVER:  # more than a server holds is the whole count, split over them
        count *= machines
    scan.blank(*servers.span())
    return count


def _listed(m: re.Match) -> int:
    """A count of a list as typed: digits, or the word for one ("one, two or four H100s")."""
    return int(m.group(1)) if m.group(1).isdigit() else 1


def _count_choice(scan: _Scan, m: re.Match) -> int | None:
    """The first of the GPU counts to choose between ("2 gpus ou 4?", "1, 2, 4 ou 8 gpus"); the others are
    weighed beside it, in the order typed (the counts listed before the last two had been dropped)."""
    first, other = (int(m.group(1)), int(m.group(2))) if m.group(1) else (int(m.group(3)), int(m.group(4)))
    if not (0 < first <= 64 and 0 < other <= 64) or first == other:
        return None
    counts, start = [first, other], m.start()
    while (more := _COUNT_LISTED_BEFORE.search(scan.work, 0, start)) and 0 < _listed(more) <= 64:
        counts.insert(0, _listed(more))
        start = more.start()
        scan.blank(more.start(), more.end())
    counts = list(dict.fromkeys(counts))
    typed = scan.original[start : m.end()].strip()
    scan.found.setdefault("gpu_count_other", []).extend((n, typed) for n in counts[1:])
    return counts[0]


# A memory amount as people type it: "16gb", "16 GB", "8 GiB", "12g", "24 gigas", "7,5 GB".
DEVICE_AMOUNT = regexes.compile(
    r"(?<![\w.,])(\d{1,4}(?:[.,]\d)?)\s*(?:gb|gib|gigas?|gigs?|giga\s*bytes?|gigabytes?|g)\b"
)
# Where a clause ends: the device words that make an amount a machine's are looked for inside its clause.
_CLAUSE_END = regexes.compile(r"[?!;\n]|\.(?=\s|$)")
_DEVICE_KINDS = ("mac", "unified", "laptop", "desktop", "gpu", "own")
_DEVICE = {kind: regexes.compile(rf"\b{_W('devices.' + kind)}\b") for kind in _DEVICE_KINDS}
# A Jupyter, Colab or Kaggle notebook is no laptop ("no notebook do colab com T4").
_HOSTED = r"(?:google\s+)?(?:colab|jupyter|kaggle|ipython|databricks|sagemaker)"
_DEVICE["laptop"] = regexes.compile(
    rf"\b(?<!colab\s)(?<!jupyter\s)(?<!kaggle\s)(?<!ipython\s){_W('devices.laptop')}\b"
    rf"(?!\s+(?:(?:do|de|da|no|na|on|in|of)\s+)?{_HOSTED}\b)"
)
_GPU_WORD = rf"(?:{_W('devices.gpu')}|{_W('counts.gpus')})"
# GPU words before an amount, read in the text as typed: a count may have taken them ("2 placas de 12gb").
_GPU_BEFORE = regexes.compile(rf"\b{_GPU_WORD}\b")
# Words right after an amount that say whose memory it is: "16GB GPU", "8 GB de VRAM", "32 GB de memória
# unificada", "64gb de ram".
_AMOUNT_OF = r"\s*(?:de\s+|of\s+|da\s+|do\s+)?(?:a\s+|uma\s+)?"
_GPU_AFTER = regexes.compile(rf"{_AMOUNT_OF}{_GPU_WORD}\b")
_UNIFIED_AFTER = regexes.compile(rf"{_AMOUNT_OF}{_W('devices.unified')}\b")
_RAM_AFTER = regexes.compile(rf"{_AMOUNT_OF}{_W('devices.ram')}\b")
# Words before an amount where its machine may be named ("notebook, que tem uma placa de 8gb").
_DEVICE_WINDOW = 6


# Notebook services that lend one GPU to a session (Colab's runtimes have one; Kaggle's T4 x2 is its most): no
# more of it to add, and its RAM is the runtime's.
_HOSTED_SESSION = regexes.compile(r"\b(?:google\s+)?(?:colab|kaggle)\b")


def _machine(scan: _Scan) -> str | None:
    """Whose machine runs the workload, as the words say: "hosted" (a Colab or Kaggle notebook), "own" (the
    customer's: "no meu pc com 2 3090", "notebook 3060 12gb", "rodar localmente"), None when unsaid. The
    advice offers no more of a GPU on either (sizing/advice.py): a notebook gives the GPUs it gives, and a
    machine of one's own has the cards it has."""
    if scan.found.get("gpu") is None:
        return None
    typed = strip_accents(scan.original.lower())
    if _HOSTED_SESSION.search(typed):
        return "hosted"
    if any(BUDGET_ID.match(gpu_id) for gpu_id, _ in scan.found["gpu"]):
        return "own"
    if any(_DEVICE[kind].search(typed) for kind in ("own", "laptop", "desktop", "mac")):
        return "own"
    return None


def _own_device(scan: _Scan, catalog: Catalog) -> None:
    """A memory amount tied to a machine of the customer's own is what its GPU has: "no notebook com 16gb"
    (laptop-16gb), "meu laptop tem 8 GB de VRAM", "placa de vídeo de 12gb", "minha rtx 3060 de 12gb"
    (gpu-12gb), "Mac com 32 GB de memória unificada", "MacBook M3 Max 64GB" (mac-64gb); a laptop's card that
    the catalogue has is that card ("rtx 4090 laptop 16gb", "notebook com rtx 4090"). An amount of the system's
    RAM ("notebook com 16gb de ram") is no GPU's: the answer says so. A GPU word alone ("numa gpu de 24gb")
    keeps naming the GPU we rent with that memory, unless no GPU has it ("placa de 12gb") or the words say the
    machine is the asker's ("minha gpu tem 24 GB"). An amount with no device words is left as it was."""
    words_said = [kind for kind in ("mac", "unified", "laptop", "desktop") if scan.may_match(_DEVICE[kind])]
    if not words_said and not scan.may_match(DEVICE_AMOUNT):
        return
    index = _indexes(catalog)["gpu"]
    named = scan.found.get("gpu") or []
    if "laptop" in words_said and named and _DEVICE["laptop"].search(scan.work):
        # "notebook com rtx 4090": a laptop's card of that name, where the catalogue has one.
        for i, (gpu_id, typed) in enumerate(named):
            variant = index.get(normalize(f"{typed} laptop"))
            if variant is not None and variant.id != gpu_id:
                named[i] = (variant.id, typed)
    by_memory = _memory_classes(catalog)
    typed_text = strip_accents(scan.original)
    budgets = []
    for m in list(DEVICE_AMOUNT.finditer(scan.work)) if scan.may_match(DEVICE_AMOUNT) else []:
        gb = _float(m.group(1))
        left = max((e.end() for e in _CLAUSE_END.finditer(scan.work, 0, m.start())), default=0)
        stop = _CLAUSE_END.search(scan.work, m.end())
        right = stop.start() if stop else len(scan.work)
        words = [w for w in WORD.finditer(scan.work, left, m.start())]
        window = words[-_DEVICE_WINDOW].start() if len(words) > _DEVICE_WINDOW else left
        said = {
            kind
            for kind in _DEVICE_KINDS
            if kind != "own" and _DEVICE[kind].search(scan.work, window, m.start())
        }
        if _GPU_BEFORE.search(typed_text, window, m.start()):
            said.add("gpu")
        series = scan.search(GPU_SERIES, window, m.start())
        after = None
        for kind, pattern in (("unified", _UNIFIED_AFTER), ("gpu", _GPU_AFTER), ("ram", _RAM_AFTER)):
            if after is None and (after := pattern.match(scan.work, m.end())):
                said.add(kind)
        said_with = _card_said_with(scan, m.start())
        if said_with is not None and not said & {"ram", "unified", "mac"} and 0 < gb <= MAX_BUDGET_GB:
            gpu_id, typed = named[said_with]
            own_gb = round(catalog.gpu(gpu_id).memory_marketing_gb)
            if (
                not index.get(normalize(f"{typed} {m.group(1)}gb"))
                and not 0.9 * own_gb <= gb <= own_gb  # "t4 de 15gb": what the software shows of its 16
                # "8x h100 com 640gb": all of them, when that many are counted ("numa 4090 de 48gb" is one
                # card of 48 GB, as "rtx 4090 de 32gb" is; it had been sized at 24 GB)
                and not any(c > 1 and round(gb) == c * own_gb for c, _ in scan.found.get("gpus", []))
            ):
                # "minha rtx 3080 de 12gb": a card said with a memory the catalogue's never has (the 12 GB
                # 3080) is another card; the memory said is what is sized, as for a card the catalogue lacks.
                stop = after.end() if after else m.end()
                # "o meu portátil tem uma RTX 4070 com 8 GB": a laptop's card stays a laptop's
                device = "laptop" if "laptop" in said else "gpu"
                named[said_with] = (
                    budget_id(device, gb),
                    f"{typed} {scan.original[m.start() : stop].strip()}",
                )
                scan.blank(m.start(), stop)
                continue
        if not said and series is None:
            continue  # a bare amount: as before (a GPU class, or not understood)
        end = after.end() if after else m.end()
        typed = scan.original[m.start() : end].strip()
        if "mac" in said or "unified" in said:
            device = "mac"
        elif "ram" in said and "gpu" not in said and series is None:
            # The system's memory ("notebook com 16gb de ram", "64gb ram"): no GPU's.
            scan.found.setdefault("system_ram", []).append((gb, typed))
            scan.blank(m.start(), end)
            continue
        elif "laptop" in said:
            device = "laptop"
        else:
            device = "gpu"
        if named:
            gpu_id, name = named[0]
            gpu = catalog.gpu(gpu_id)
            if index.get(normalize(f"{name} {m.group(1)}gb")) or round(gpu.memory_marketing_gb) == round(gb):
                continue  # "minha 4090 de 24gb", "4090 16gb": the card named, its memory confirming it
        own = device != "gpu" or series is not None or _DEVICE["own"].search(scan.work, left, right)
        if device == "gpu" and not own and not named and round(gb) == gb and by_memory.get(int(gb)):
            continue  # "numa gpu de 24gb": the GPU class we rent with that memory, as before
        if not 0 < gb <= MAX_BUDGET_GB:
            continue
        card = None
        if series is not None and device == "gpu":
            card = index.get(normalize(f"{scan.work[series.start() : series.end()]} {m.group(1)}gb"))
        if card is not None and not card.laptop:
            # "minha rtx 4060 ti de 16gb": the card of the catalogue with that name and memory.
            budgets.append((card.id, scan.original[series.start() : end].strip()))
        else:
            budgets.append((budget_id(device, gb), typed))
            if device == "gpu" and series is None:
                # "on a 16gb gpu", "2 placas de 24gb": a GPU by its memory alone, said as "24gb" alone is,
                # with the cards of that memory named (sizing/plan.py).
                scan.found.setdefault("gpu_by_memory", []).append(budgets[-1])
        scan.blank(m.start(), end)
        if series is not None:
            scan.blank(series.start(), series.end())  # "minha rtx 3060 de 12gb": the card, by its memory
    if budgets:
        scan.found.setdefault("gpu", []).extend(budgets)
    # The machine's words are read with its memory; named with none, the answer asks for it.
    for kind in words_said:
        for m in list(_DEVICE[kind].finditer(scan.work)):
            if not budgets and not named:
                scan.found.setdefault("device_alone", []).append(
                    (kind, scan.original[m.start() : m.end()].strip())
                )
            scan.blank(m.start(), m.end())
    if budgets:
        for m in list(_DEVICE["own"].finditer(scan.work)):
            scan.blank(m.start(), m.end())


# Between a card's name and its memory: "rtx 3080 de 12gb", "3080 12gb", "my 3080 has 10gb".
_CARD_TO_MEMORY = regexes.compile(r"[\s:-]*(?:(?:de|com|with|of|has|have|tem|possui)\b[\s:-]*)?")


def _card_said_with(scan: _Scan, at: int) -> int | None:
    """The GPU named right before a memory amount at `at` (its place in scan.found["gpu"]), if one is."""
    for end, i in scan.found.get("gpu_end", []):
        if end <= at and _CARD_TO_MEMORY.fullmatch(scan.work, end, at):
            return i
    return None


# _memory_classes by catalogue, with the lists it was built from (a catalogue whose list is replaced gets it
# anew, as _indexes_and_names): built for every question, it was ~2% of reading a fresh one. Read, never changed.
_MEMORY_CLASSES: dict[int, tuple] = {}


def _memory_classes(catalog: Catalog) -> dict[int, str]:
    """Memory in GB -> the GPU a bare amount names: the first we rent with that much (not one whose memory
    many cards share: memory_class). A memory we rent no GPU with ("gpu de 16gb", "24gb") is no card of the
    catalogue's: it is a GPU of that memory (budget_id), with no speed figures (it had been the T4 or L4,
    with their speeds and "Não alugamos T4", though no card was named)."""
    offer, gpus = catalog.offering.offer, catalog.gpus
    kept = _MEMORY_CLASSES.get(id(catalog))
    if kept is not None and kept[0] is catalog and kept[1] is offer and kept[2] is gpus:
        return kept[3]
    by_memory: dict[int, str] = {}
    for gpu in [catalog.gpu(o.gpu) for o in offer]:
        if not gpu.laptop and gpu.memory_class:
            by_memory.setdefault(round(gpu.memory_marketing_gb), gpu.id)
    if len(_MEMORY_CLASSES) >= 64:  # catalogues derived for settings come and go (engine._DERIVED)
        _MEMORY_CLASSES.clear()
    _MEMORY_CLASSES[id(catalog)] = (catalog, offer, gpus, by_memory)
    return by_memory


GPU_MEMORY_BARE = regexes.compile(r"\bde\s+(\d{2,3})(?![\w.,])(?!\s+[a-z])")


def _variant_with_memory(index: dict, typed: str, gb: str):
    """The catalogue's GPU named `typed` with `gb` of memory ("a100" and "40": the A100 40GB), if it has one."""
    return index.get(normalize(f"{typed} {gb}gb"))


def _gpu_memory(scan: _Scan, catalog: Catalog) -> None:
    """'48GB' names a GPU class: the first GPU we rent with that much memory (or any catalogue GPU)."""
    _own_device(scan, catalog)
    by_memory = _memory_classes(catalog)
    named = scan.found.get("gpu") or []
    index = _indexes(catalog)["gpu"]

    def convert(m: re.Match):
        if named:
            # "L40S de 48GB": the memory confirms the GPU already named; "8 A100 de 40 GB" picks its variant
            # with that memory (the name alone is the 80 GB one).
            gpu_id, typed = named[0]
            variant = _variant_with_memory(index, typed, m.group(1))
            if variant is not None and variant.id != gpu_id:
                named[0] = (variant.id, f"{typed} {scan.original[m.start() : m.end()].strip()}")
            return "__confirm__"
        gb = int(m.group(1))
        return by_memory.get(gb) or budget_id("gpu", gb)

    scan.take(GPU_MEMORY, "gpu_memory", convert)
    for value, typed in scan.found.pop("gpu_memory", []):
        if value != "__confirm__":
            scan.found.setdefault("gpu", []).append((value, typed))
            scan.found.setdefault("gpu_by_memory", []).append((value, typed))
    if named:
        # "2 a100 de 40": a number with no unit after the GPU named is its memory only when that GPU comes
        # with that much ("a100 de 40" is the 40 GB A100, which had been sized as the 80 GB one).
        def bare(m: re.Match):
            gpu_id, typed = named[0]
            variant = _variant_with_memory(index, typed, m.group(1))
            if variant is None:
                return None
            if variant.id != gpu_id:
                named[0] = (variant.id, f"{typed} {scan.original[m.start() : m.end()].strip()}")
            return True

        scan.take(GPU_MEMORY_BARE, "gpu_memory_bare", bare)
        scan.found.pop("gpu_memory_bare", None)


def _sizes(scan: _Scan, catalog: Catalog) -> None:
    def moe(m: re.Match) -> str:
        if m.group(1):
            return f"{m.group(1)}x{m.group(2).replace(',', '.')}b"
        return f"{m.group(3).replace(',', '.')}b-a{m.group(4).replace(',', '.')}b"

    scan.take(MOE_SIZE, "size", moe)
    if any(_series(catalog, series_id).uncatalogued_sizes for series_id, _ in scan.found.get("series", [])):
        scan.take(EFFECTIVE_SIZE, "size", lambda m: f"e{m.group(1)}b")

    def dense(m: re.Match) -> str | None:
        if len(m.group(2)) > 1 and COUNTED.match(scan.work, m.end()):
            return None  # not "70b chat": a letter is a size's unit
        if m.group(2) in MILLION_WORDS and not PARAMS_AT_END.search(m.group(0)):
            return None  # "1 milhão" alone counts something else: a model in millions says "de parâmetros"
        value = _float(m.group(1)) * UNIT_VALUES[_unit(m.group(2))] / 1e9
        return f"{value:.6f}".rstrip("0").rstrip(".") + "b"

    scan.take(SIZE, "size", dense)
    # A family word next to a size ("um Llama de 70B", "qwen 32b") picks that family's model; a size the
    # catalogue lacks stays in the family ("qwen 235b", "llama 13b": sizing.names scales within it).
    known = FAMILIES | family_words(catalog)
    families = _families_named(scan, known)
    if families and not scan.found.get("size") and not scan.found.get("model"):
        _bare_size(scan, families[0], catalog)
    sizes = scan.found.get("size", [])
    if (
        families
        and len(sizes) == 1
        and not scan.found.get("model")
        and not _size_apart(scan, families[0], sizes[0][1])
    ):
        index = _indexes(catalog)["model"]
        item = index.get(normalize(families[0] + sizes[0][0]))
        if item is not None and not _own_size(catalog, item.id, sizes[0][0]):
            item = None  # names ignore spaces: "gemma 31b" had been "gemma 3 1b"
        if item is not None or families[0] in family_words(catalog):
            # "gemma 4 31b", "qwen 3.5 32b", "llama 5 70b": a version of the family the catalogue lacks
            # between the family and the size: sized by the size within the family (its model of that size,
            # or one scaled to it), and named as asked (sizing/plan.py)
            version = _family_version(scan, families[0], sizes[0][1])
            if version is not None:
                scan.found["family_version"] = [version]
        if item is not None:
            scan.found["model"] = [(item.id, f"{families[0]} {sizes[0][1]}")]
            scan.found.pop("size")
        elif families[0] in family_words(catalog):
            scan.found["model"] = [(f"{families[0]} {sizes[0][0]}", f"{families[0]} {sizes[0][1]}")]
            scan.found.pop("size")
    # Family names are understood even when they add nothing, unless a version follows them: "gpt-7" is
    # a model name we do not know, and must be reported as such.
    for m in list(LAST_WORDS.finditer(scan.work)):
        if m.group(0) in known:
            scan.found.setdefault("family", []).append((m.group(0), scan.original[m.start() : m.end()]))
            scan.blank(m.start(), m.end())


# Sales shorthand writes a width as a size is written, right after the model's size: "70b 4b 32k 10u" (4 bits),
# "qwen 32b 8b 16k" (8 bits). Only 4 and 8, the widths people quantize to, only after a larger size and with more
# of the line after it; the two sizes had been refused as two models.
_WIDTH_AS_SIZE = {"4b": "int4", "8b": "fp8"}


_SIZE_TYPED = regexes.compile(r"(\d+(?:[.,]\d+)?)\s*b\b")


def _width_after_size(scan: _Scan, query: Query) -> None:
    sizes, models = scan.found.get("size", []), scan.found.get("model", [])
    if scan.found.get("precision") or len(sizes) + len(models) != 2 or not sizes:
        return
    width, typed = sizes[-1]
    precision = _WIDTH_AS_SIZE.get(typed.strip())
    earlier = (models or sizes)[0][1]  # the model ("qwen 32b") or the size ("70b") typed before it
    first = _SIZE_TYPED.findall(earlier.lower())
    at = scan.original.find(earlier), scan.original.rfind(typed)
    if precision is None or not first or not 0 <= at[0] < at[1] or not _float(first[-1]) > _float(width[:-1]):
        return
    if scan.original[at[0] + len(earlier) : at[1]].strip(" ,@"):
        return  # "llama 70b ou 8b?", "70b e 8b": two sizes joined by a word are two models
    if not scan.original[at[1] + len(typed) :].strip(" ,.?!"):
        return  # "70b 8b" alone is two models, refused as such: a spec line goes on ("70b 4b 32k 10u")
    scan.found["size"] = sizes[:-1]
    if not scan.found["size"]:
        scan.found.pop("size")
    scan.found["precision"] = [(precision, typed)]
    query.corrections.append((typed, f"{typed.strip()[:-1]} bits"))


# A family word and a number with no unit, as sales shorthand writes a size: "llama 405 fp8", "llama 70 4bit",
# "qwen 32". Read as the size when the family has a model of that many billions; from 7 up, so that a
# version ("llama 3", "qwen 3", "gemma 2") is never a size, and never a number that counts something else.
_BARE_SIZE_AFTER = (
    r"\s+(\d{1,3})(?![\d.,]|\s*(?:k\b|mil\b|m\b|tokens?|toks?|usu|utiliz|users?|pessoas|people|gpus?|placas?"
    r"|x\b|%|req|h\b|horas?|hours?|dias?|days?|b\b|bi\b|bilh|billion|gb\b|mb\b|gib\b|anos|years|meses|months|mins?\b))"
)


def _bare_size(scan: _Scan, family: str, catalog: Catalog) -> None:
    m = regexes.compile(rf"\b{re.escape(family)}{_BARE_SIZE_AFTER}").search(scan.work)
    if m is None or int(m.group(1)) < 7:
        return
    size = f"{int(m.group(1))}b"
    if _indexes(catalog)["model"].get(normalize(family + size)) is None:
        return
    scan.found.setdefault("size", []).append((size, m.group(1)))
    scan.blank(*m.span(1))


# A model's name with its version and a number with no unit: "gemma3 27", "qwen2.5 72", "llama 3.1 70". The
# number is the size when the name and it, read as billions, are a catalogue model of that size ("gemma3 27" had
# been Gemma 3 and 27 users, "qwen2.5 72" asked which Qwen2.5); a count's word after it keeps it a count
# ("gemma3 27 usuários"). From 7 up, as _bare_size: "gemma 2", "llama 3" are versions.
# What the rewrite needs of a text: the number as the pattern takes it, from 7 up (a smaller one stays as typed), from
# the blank before it. Tried from every word, the whole pattern was ~8 us of every question, and the cue it had
# before (a letter, blanks and a digit: "a 3" in "llama 3.1 70b") was in nearly every one.
_NAME_THEN_NUMBER_CUE = regexes.compile(
    r"[\s_-](?:[7-9]|(?![0-9])\d|\d{2,3})"
    + r"(?<![\s_-]0\d)(?<![\s_-]0\d\d)(?![a-z]|-\d)"
    + _BARE_SIZE_AFTER.removeprefix(r"\s+(\d{1,3})"),
    re.IGNORECASE,
)
NAME_THEN_BARE_SIZE = regexes.compile(
    r"(?<![\w.])([a-z]+(?:[\s_-]+[a-z]+)?(?:[\s_-]*v?\d{1,2}(?:\.\d{1,2})?)?)[\s_-]+(\d{1,3})"
    # a number glued to letters is a unit's ("command-r 8bit": no "8b" then "bit"), one with a leading zero or a
    # dash after it a date's ("command r 08-2024")
    + r"(?<![\s_-]0\d)(?<![\s_-]0\d\d)(?![a-z]|-\d)"
    + _BARE_SIZE_AFTER.removeprefix(r"\s+(\d{1,3})"),
    re.IGNORECASE,
)


def _bare_size_of_name(m: re.Match, catalog: Catalog) -> str:
    """The name and its number with a "b", where a catalogue model is so named: the name is one or two words
    and a version ("mistral small 24"), or its last word ("rodar gemma3 27")."""
    size = f"{int(m.group(2))}b"
    if int(m.group(2)) < 7:
        return m.group(0)
    words = m.group(1).split()
    for name in (m.group(1), " ".join(words[1:])):
        item = _indexes(catalog)["model"].get(normalize(name + size)) if name else None
        if item is not None and _own_size(catalog, item.id, size):
            return f"{m.group(1)} {m.group(2)}b"
    return m.group(0)


def _size_apart(scan: _Scan, family: str, typed_size: str) -> bool:
    """Whether "ou"/"or" stands between the family word and the size: "foobar 30b ou qwen" weighs another model
    against a Qwen of no size, never a Qwen of 30B (it had been sized as Qwen3.5 27B, "foobar" not understood)."""
    text = scan.original.lower()
    word = regexes.compile(rf"\b{re.escape(family)}").search(scan.work)
    at = text.find(typed_size.lower())
    if word is None or at < 0:
        return False
    between = text[min(word.end(), at + len(typed_size)) : max(word.start(), at)]
    return _CHOICE_OR.search(between) is not None


# A card's form factor said after the card's name ("h200 nvl"): devices.gpu_forms.
# The interconnect (gpus.toml) each form's word says a card has; "nvl" is a product of its own (H100 NVL).
_FORM_OF = {
    "pcie": "pcie",
    "sxm": "nvlink",
    "sxm4": "nvlink",
    "sxm5": "nvlink",
    "sxm6": "nvlink",
    "nvlink": "nvlink",
}
_FORM_OF |= {"hgx": "nvlink", "dgx": "nvlink", "oam": "nvlink"}
_GPU_FORM_AFTER = regexes.compile(rf"[\s_-]*({_W('devices.gpu_forms')})\b")


def _gpu_forms_missing(scan: _Scan, catalog: Catalog) -> list[tuple[str, str]]:
    """ "h200 nvl": a form factor after a GPU's name where the catalogue holds no card of that name and form (the
    H200 NVL is not in gpus.toml): the word is taken, the card named sized, and the answer says so, as (the name
    as typed with its form, the card sized). It had been "Não entendi: “nvl”", the SXM sized silently."""
    index = _indexes(catalog)["gpu"]
    out = []
    for gpu_id, typed in scan.found["gpu"]:
        at = scan.original.lower().find(typed.lower())
        form = _GPU_FORM_AFTER.match(scan.work, at + len(typed)) if at >= 0 else None
        if form is None or index.get(normalize(f"{typed} {form.group(1)}")) is not None:
            continue
        if _FORM_OF.get(normalize(form.group(1))) == catalog.gpu(gpu_id).interconnect:
            scan.blank(form.start(1), form.end(1))  # "l40s pcie": the card named is that form, confirmed
            continue
        out.append((scan.original[at : form.end()].strip(), catalog.gpu(gpu_id).name))
        scan.blank(form.start(1), form.end(1))
    return out


def _families_named(scan: _Scan, known: set[str]) -> list[str]:
    """The family words of the text, in order: "gemma-4-31b" names gemma (a family glued to its version);
    "oss" is gpt-oss only after "gpt" ("seed oss 36b" is another family)."""
    out = []
    for m in WORD.finditer(scan.work):
        word = m.group(0)
        if word not in known and (glued := _GLUED_VERSION.fullmatch(word)) and glued.group(1) in known:
            word = glued.group(1)
        if word not in known and (styled := _FAMILY_STYLED.fullmatch(word)) and styled.group(1) in known:
            word = styled.group(1)  # "a 13b llama-style model": the family's shape
        if word not in known:
            continue
        if word in _SECOND_WORDS and not re.search(
            rf"\b{_SECOND_WORDS[word]}[\s_-]*$", scan.original[: m.start()].lower()
        ):
            continue
        out.append(word)
    return out


# Family words that name theirs only after the first word of the name ("gpt oss").
_SECOND_WORDS = {"oss": "gpt"}
_GLUED_VERSION = regexes.compile(r"([a-z]+)[-_]?v?\d{1,2}(?:\.\d{1,2})?[-_]?")
_FAMILY_STYLED = regexes.compile(r"([a-z]+)-(?:style|like|based|type)")


def _family_version(scan: _Scan, family: str, typed_size: str) -> str | None:
    """The family, a version and the size as typed ("gemma 4 31b"), the version then blanked; None when no
    version stands right between the family word and the size."""
    version = regexes.compile(rf"\b{re.escape(family)}[\s_-]*(v?\d{{1,2}}(?:\.\d{{1,2}})?)\b").search(
        scan.work
    )
    if version is None:
        return None
    at = scan.original.lower().find(typed_size.lower(), version.end())
    if at < 0 or scan.original[version.end() : at].strip(" _-"):
        return None
    scan.blank(version.start(1), version.end(1))
    return scan.original[version.start() : at + len(typed_size)]


_WIDTH_LEFT = regexes.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?\s*-?\s*bits?\b")


def _leftovers(scan: _Scan) -> list[str]:
    """What is left once every recognised piece is blanked: fragments as the user typed them."""
    # "~20 usuários", "70B @ 4bit", "> ...", "≈ 3 req/s": marks around the words, not words of their own.
    punctuation = ".,;:!?¿¡()[]{}\"'`“”‘’-‐‑–—…/+=*×%&#~≈@•<>_"
    out = []
    # A width no format has ("em 7 bits", "12-bit") is said as not understood, whole: a single digit and the
    # filler word "bits" had both been passed over, and the answer sized 16 bits without a word.
    widths = [m.span() for m in scan.finditer(_WIDTH_LEFT)]
    out += [scan.original[a:b].strip() for a, b in widths]
    for m in NOT_BLANKS.finditer(scan.work):
        if any(a <= m.start() < b for a, b in widths):
            continue
        core = m.group(0).strip(punctuation)
        if (
            not core
            or not any(ch.isalnum() for ch in core)  # an emoji, a symbol: no word of the question
            or core in FILLER
            # An industry named by its field: "legal-tech", "healthtech", "insurtech" (the kind of company).
            or (len(core) > 5 and core.lower().replace("-", "").endswith("tech"))
            or core in traffic_query.filler()
            or _known_in_passing(core)
            or (core.isdigit() and len(core) == 1)
            # "cc @joao": a person's Slack handle typed as text (a real mention is markup, <@U123>), no word to size
            or (m.group(0).startswith("@") and core[0].isalpha())
        ):
            continue
        end = m.end()
        if core.isdigit() and (said := NUMBER_PHRASE.match(strip_accents(scan.original.lower()), m.start())):
            # A number typed in words ("dezasseis", "trinta e dois") is digits padded to its length by now:
            # quoted whole, as typed (its first letters, "de", "tr", had been the word not understood).
            end = max(end, said.end())
        fragment = scan.original[m.start() : end]
        # Slack markup such as <!channel> is reported whole; plain words lose the punctuation around them.
        out.append(fragment if fragment.startswith("<") else fragment.strip(punctuation))
    return out


# Words only one variety of a language uses (pt-PT.toml `distinct`: "partilhar", "arranque", "contactem",
# "planear"): listed to tell the variety apart, they are words of the language, and one that no sizing list
# reads carries nothing to size, as a filler word does (they had been "Não percebi" in every question from
# Portugal that said them).
_VARIETY_WORDS = frozenset(
    word for lang in VOCAB.languages.values() if lang.variant_of for word in lang.distinct if " " not in word
)
# European Portuguese puts the pronoun after the verb, joined by a hyphen ("contactem-nos", "ajudar-me",
# "enviem-nos"): the verb is the word read.
_ENCLITIC = regexes.compile(r"([a-z]+)-(?:me|te|nos|vos|se|lo|la|los|las|lhe|lhes)")


# A month alone ("em produção a partir de janeiro", "going live in March"): when the service starts, nothing to
# size (a date with its day is read by DATES; the month alone had been "janeiro" not understood).
_MONTH_NAMES = VOCAB.plain("dates.months")


def _known_in_passing(core: str) -> bool:
    """Whether a word left over is a known word that sizes nothing: a variety's own word, a month's name, or a
    filler word (or one of those) with its pronoun after it."""
    if core in _VARIETY_WORDS or strip_accents(core.lower()) in _MONTH_NAMES:
        return True
    if CLITIC.fullmatch(strip_accents(core.lower())):
        # "dimensionem-me", "orcem-nos", "enviem-lhe": a request's verb with its pronoun after it, as Portugal
        # writes it, whatever the verb; the request is read from the rest
        return True
    enclitic = _ENCLITIC.fullmatch(core)
    verb = enclitic.group(1) if enclitic else None
    return verb is not None and (verb in FILLER or verb in _VARIETY_WORDS or verb in traffic_query.filler())


_VERSION = regexes.compile(r"v?\d{1,2}(?:\.\d{1,2})?")


def _typos(scan: _Scan, catalog: Catalog, leftovers: list[str], query: Query) -> list[str]:
    """Misspelt catalogue names ("lama 3 70b", "mixtrl"): taken when close, suggested when not."""
    indexes = _indexes(catalog)
    buckets = _buckets(catalog)
    unknown = []
    skip = None
    for i, word in enumerate(leftovers):
        if i == skip:
            continue  # the version of the name before it ("lama 3.1 8b"), taken with it
        w = normalize(strip_accents(word))
        # "lama 3.1 8b": the version typed after a misspelt name is part of it; a one-digit version ("gema 4
        # 31b") is no leftover word, so it is read from the text after the name
        version = (
            leftovers[i + 1] if i + 1 < len(leftovers) and _VERSION.fullmatch(leftovers[i + 1]) else None
        )
        if version is None:
            typed = re.escape(strip_accents(word).lower())
            spoken = re.search(rf"(?<![\w.]){typed}[\s_-]+(\d)(?![\w.,])", scan.work)
            version = spoken.group(1) if spoken else None
        if len(w) < 3 or not LETTERS.search(w):
            if _SHORT_GPU.match(w) and _named_as_gpu(scan, word):
                _raise_unknown_gpu(word, list(indexes["gpu"]), indexes["gpu"], always=True)
            unknown.append(word)
            continue
        best = alone = None
        for kind in ("model", "gpu"):  # the name lists only where a GPU is refused: ~1,800 names a call
            # Try the word alone and with the size typed next to it ("lama 70b").
            candidates = [(w, None)] + [(w + normalize(v), v) for v, _ in scan.found.get("size", [])]
            if version:
                ver = normalize(version)
                candidates += [(w + ver, None)] + [
                    (w + ver + normalize(v), v) for v, _ in scan.found.get("size", [])
                ]
            for candidate, typed_size in candidates:
                close = _closest_name(buckets, kind, candidate)
                # A GPU's number is its model, not a typo: "rtx3090" is no RTX 5090, "a10" no A100.
                if close and kind == "gpu" and _digits(candidate) != _digits(close[0]):
                    close = []
                # Nor is a model's size: "r1-distill 8b" is no "r1 distill 7b".
                if (
                    close
                    and kind == "model"
                    and typed_size
                    and _SIZE_VALUE.fullmatch(typed_size)
                    and not _own_size(catalog, indexes[kind][close[0]].id, typed_size)
                ):
                    close = []
                # A size typed is never a typo of another: "nemotron super 49b" is no Nemotron-H 47B.
                if (
                    close
                    and kind == "model"
                    and typed_size
                    and not _digits(close[0]).endswith(_digits(typed_size))
                ):
                    close = []
                # A vision model's name is no typo of another text model's: "internvl3" is no InternLM3 8B. Its own
                # text model, the name without the vision word ("qwen3-vl 8b": Qwen3 8B), is read, and the
                # vision word said beside it, as for "qwen3 vl 235b".
                if (
                    close
                    and kind == "model"
                    and _VISION_MARK.search(candidate)
                    and not _VISION_MARK.search(close[0])
                    and _VISION_MARK.sub("", candidate) != close[0]
                ):
                    close = []
                # Nor is a version typed without a size: "llava 1.6" is no LLaVA 1.5 (another release, whose
                # images take other token counts).
                if close and kind == "model" and not typed_size:
                    typed_version = _digits(candidate)
                    if typed_version and not _digits(close[0]).startswith(typed_version):
                        close = []
                # Nor is a version typed with its size: "granite 3.1 8b" is no Granite 3.3 8B, "exaone 3.5
                # 32b" no EXAONE 4.0 32B (another release, said as a family the catalogue lacks); a name typed
                # without its version ("llava 13b") still reads as the catalogue's.
                if close and kind == "model" and typed_size:
                    size_digits = _digits(typed_size)
                    typed_version = _digits(version or "") or _digits(candidate).removesuffix(size_digits)
                    if typed_version and typed_version != _digits(close[0]).removesuffix(size_digits):
                        close = []
                if close and kind == "model" and candidate == w:
                    alone = close[0]
                if close:
                    score = difflib.SequenceMatcher(None, candidate, close[0]).ratio()
                    if best is None or score > best[0]:
                        with_version = version is not None and candidate.startswith(w + normalize(version))
                        best = (score, kind, close[0], typed_size is not None, with_version)
        if best is None and (part := _misspelt_first_word(scan, catalog, w)):
            # "mistrall nemo 12b": the family misspelt before a name read whole, with no catalogue name close to
            # the word alone (it had been "Não entendi: “mistrall”")
            query.corrections.append((word, part))
            continue
        if best is None:
            if GPU_LIKE.match(w) or _SHORT_GPU.match(w):
                # Asked about by name ("numa t4", "on 8 mi300x"), a GPU we cannot place is an error even
                # with nothing close to suggest: sizing another GPU silently would answer another question.
                cued = _named_as_gpu(scan, word)
                if GPU_LIKE.match(w) or cued:
                    _raise_unknown_gpu(word, list(indexes["gpu"]), indexes["gpu"], always=cued)
            unknown.append(word)
            continue
        _, kind, key, with_size, with_version = best
        item = indexes[kind][key]
        size = scan.found["size"][0][1] if with_size else None
        if (
            kind == "model"
            and not with_version
            and (part := _part_of_found_name(scan, catalog, alone if with_size else key, size))
        ):
            # "deepsek r1": the misspelt family before a name read whole ("r1"), not a second model (it had
            # been refused as two models contradicting each other); "deepsek r1 671b" too, the size that
            # name's own (it had been read with the family as DeepSeek V3, and refused the same way)
            query.corrections.append((word, part))
            continue
        typed = word
        if with_version:
            typed, skip = f"{word} {version}", i + 1
        if with_size:
            typed = f"{typed} {scan.found['size'][0][1]}"
            scan.found.pop("size")
        scan.found.setdefault(kind, []).append((item.id, typed))
        if normalize(typed) != normalize(item.name):  # "Qwen2.5-7B-Instruct-Q4_K_M" is no typo of Qwen2.5 7B
            query.corrections.append((typed, item.name))
    return unknown


def _misspelt_first_word(scan: _Scan, catalog: Catalog, w: str) -> str | None:
    """The first word of a model name already read that the (normalized) word is a typo of, as _typos weighs
    a name (TYPO_CUTOFF); None for a word of four letters or fewer, or none close."""
    if len(w) < 5 or not w.isalpha():
        return None
    for model_id, _ in scan.found.get("model", []):
        entry = next((m for m in catalog.all_models if m.id == model_id), None)
        first = normalize(entry.name.split()[0]) if entry is not None else ""
        if first != w and difflib.SequenceMatcher(None, w, first).ratio() >= TYPO_CUTOFF:
            return entry.name.split()[0]  # type: ignore[union-attr]
    return None


def _part_of_found_name(
    scan: _Scan, catalog: Catalog, key: str | None, size: str | None = None
) -> str | None:
    """The first word of a model name already read when it is this (normalized) name: "DeepSeek" of DeepSeek
    R1; None when no name read begins with it, or when a `size` typed with the word is not that model's own."""
    for model_id, _ in scan.found.get("model", []):
        entry = next((m for m in catalog.all_models if m.id == model_id), None)
        if (
            key is not None
            and entry is not None
            and normalize(entry.name.split()[0]) == key
            and normalize(entry.name) != key
            and (size is None or _own_size(catalog, model_id, size))
        ):
            return entry.name.split()[0]
    return None


# Sections whose words change the answer: a typo of one of them is corrected and said. Filler words are
# corrected silently. Only whole words of 5 letters or more: shorter ones are too often other words.
KEYWORD_SECTIONS = ("users", "counts", "keys", "stages", "tasks", "intents", "durations", "multipliers",
                    "contracts", "training", "out_of_scope")  # fmt: skip
KEYWORD_CUTOFF = 0.9
KEYWORD_CUTOFF_AFTER_NUMBER = 0.84  # "10 usuarois": after a number, a count noun is expected


def _keyword_targets() -> dict[str, dict[str, tuple[str, bool]]]:
    """Accent-free words by first letter -> (the word as the vocabulary writes it, whether it matters)."""
    global _TARGETS
    if _TARGETS is None:
        targets: dict[str, dict[str, tuple[str, bool]]] = {}
        for key, entries in VOCAB.entries.items():
            said = key.split(".")[0] in KEYWORD_SECTIONS
            if not said and key != "words.filler":
                continue
            for entry in entries:
                # "q-lora" is typed "qlora". A stem ("fine-tun*") is no word to read a typo as.
                written = entry
                plain = strip_accents(written).replace("-", "")
                if len(plain) >= 5 and plain.isalpha():
                    bucket = targets.setdefault(plain[0], {})
                    if said or plain not in bucket:
                        bucket[plain] = (written, said)
        # The traffic words too ("segudo" is "segundo", "primera resposta" is "primeira resposta").
        for word in traffic_query.typo_targets():
            targets.setdefault(word[0], {}).setdefault(word, (word, True))
        _TARGETS = targets
    return _TARGETS


_TARGETS: dict | None = None


def _unit_words(catalog: Catalog) -> frozenset[str]:
    """Short words that follow a number: units of precisions ("4 bits") and of the query language ("10 u").
    Kept per list of precisions: worked out anew for every short word after a number, it had been a walk over
    every alias and every word list."""
    cached = _UNIT_WORDS_OF.get(id(catalog.precisions))
    if cached is not None and cached[0] is catalog.precisions:
        return cached[1]
    words = {w for p in catalog.precisions for a in p.aliases for w in LETTERS.findall(normalize(a))}
    for key, entries in VOCAB.entries.items():
        if key.split(".")[0] in KEYWORD_SECTIONS:
            words.update(strip_accents(e) for e in entries)
    units = frozenset(w for w in words if 3 <= len(w) <= 4)
    _UNIT_WORDS_OF[id(catalog.precisions)] = (catalog.precisions, units)
    return units


_UNIT_WORDS_OF: dict[int, tuple[object, frozenset[str]]] = {}
_GLUED_TO_NUMBER = regexes.compile(r"(\d+)([a-z]{3,})")  # "4bist"


def _keyword_typos(unknown: list[str], text: str, catalog: Catalog) -> list[tuple[str, str, bool]]:
    """Words not understood that are a typo away from a word of the query language: (typed, word, said).
    Cross-language look-alikes ("support" and "suporte") are kept apart by a high bar, lowered only right
    after a number, where a count noun is expected. A short word right after a number is corrected only
    when it has a unit's letters in another order ("4 bist": 4 bits)."""
    fixes = []
    units: frozenset[str] | None = None
    for typed in unknown:
        glued = _GLUED_TO_NUMBER.fullmatch(strip_accents(typed)) is not None
        after_number = glued or re.search(rf"\d\s*{re.escape(typed)}(?!\w)", text) is not None
        if after_number and units is None:
            units = _unit_words(catalog)
        fix = _keyword_typo(typed, after_number, units if after_number else None)
        if fix is not None:
            fixes.append(fix)
    return fixes


# Kept by word: one question asks for the same word's typo up to six times (each reading, then the words not
# understood of each), and a misspelt word near difflib's cut-off was ~0.4 ms each time (the slowest readings
# of the corpus were such words: "concurent", "memory"). What it returns depends on the word, whether a number
# is before it, the unit words and the vocabulary, never on the rest of the question.
@lru_cache(maxsize=4096)
def _keyword_typo(
    typed: str, after_number: bool, units: frozenset[str] | None
) -> tuple[str, str, bool] | None:
    """_keyword_typos' fix of one word, or None: `units` are the unit words where a number is before it."""
    targets = _keyword_targets()
    plain = strip_accents(typed)
    glued = _GLUED_TO_NUMBER.fullmatch(plain)
    word = glued.group(2) if glued else plain
    if after_number and word.isalpha():
        pool = units if len(word) <= 4 else targets.get(word[0], {})
        letters = sorted(word)
        swapped = [u for u in pool if u != word and len(u) == len(word) and sorted(u) == letters]  # type: ignore[union-attr]
        if len(swapped) == 1:
            unit, said = (swapped[0], True) if len(word) <= 4 else targets[word[0]][swapped[0]]
            return (typed, f"{glued.group(1)}{unit}" if glued else unit, said)
        if len(word) <= 4 or glued:
            return None
    if len(plain) < 5 or not plain.isalpha():
        return None
    bucket = targets.get(plain[0], {})
    if plain in bucket:
        return None  # a word of the vocabulary, just not where it means something
    near = [w for w in bucket if abs(len(w) - len(plain)) <= 2]
    # Two neighbouring letters swapped ("qlroa", "pretrian") is one slip of the fingers, however short
    # the word; difflib's ratio counts it as two edits.
    swapped_word = next((w for w in near if _one_swap(plain, w)), None)
    if swapped_word:
        return (typed, *bucket[swapped_word])
    cutoff = KEYWORD_CUTOFF_AFTER_NUMBER if after_number else KEYWORD_CUTOFF
    close = difflib.get_close_matches(plain, near, n=1, cutoff=cutoff)
    if close and _inflected_from(plain, close[0]):
        return None  # "processados" is a word of its own, not "processos" misspelt
    if close:
        word, said = bucket[close[0]]
        return (typed, word, said)
    return None


# Portuguese and English verb endings (participles, gerunds, plurals of them): a word with one, whose stem the
# keyword begins with, is another word of the same root ("processados" beside "processos", "treinando" beside
# "treino"), never a typo of it.
_INFLECTIONS = regexes.compile(
    r"(?:ados|adas|idos|idas|ado|ada|ido|ida|ando|endo|indo|amos|emos|imos|aram|eram|ing|ed)$"
)


def _inflected_from(typed: str, keyword: str) -> bool:
    """Whether `typed` is `keyword`'s root with a verb ending of its own ("processados", "processos")."""
    m = _INFLECTIONS.search(typed)
    return (
        m is not None
        and len(typed[: m.start()]) >= 4
        and keyword.startswith(typed[: m.start()])
        and not keyword.endswith(m.group(0))
    )


def _named_as_gpu(scan: _Scan, word: str) -> bool:
    """Whether the words right before `word` name a GPU ("numa t4", "on 8x mi300x")."""
    text = strip_accents(scan.original)
    at = text.find(strip_accents(word))
    return at >= 0 and _GPU_CUE.search(text[:at]) is not None


def _per_server(gpu, catalog: Catalog) -> int:
    """GPUs in one whole server of this kind: the largest count we rent it in, else what a server holds."""
    offer = next((o for o in catalog.offering.offer if o.gpu == gpu.id), None)
    return max(offer.counts) if offer else gpu.max_per_server


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _one_swap(a: str, b: str) -> bool:
    """Whether b is a with two neighbouring letters swapped."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


# Accelerators of other vendors the catalogue does not describe, by their names once normalized.
_OTHER_VENDOR = regexes.compile(
    r"^(?:(?P<amd>(?:amd)?(?:instinct)?mi\d{3}[a-z]?|(?:amd)?radeon\w*|(?:amd)?rx\d{3,4}\w*)|(?P<intel>(?:intel)?gaudi\d?\w*)"
    r"|(?P<google>tpu\w*)|(?P<aws>trainium\d?|inferentia\d?|trn\d|inf\d))$"
)


def _raise_unknown_gpu(word: str, names: list[str], index: dict, always: bool = False) -> None:
    """A GPU-looking word we cannot place ("h300"): asking beats sizing for a different GPU silently. With
    nothing close to suggest it is an error only when `always` (the text clearly names a GPU)."""
    vendor = _OTHER_VENDOR.search(normalize(word))
    if vendor:
        # An AMD, Intel, Google or AWS accelerator: no NVIDIA card is what was meant ("mi300x" is no "rtx 3090").
        vendor_name = {"amd": "AMD", "intel": "Intel", "google": "Google", "aws": "AWS"}[vendor.lastgroup]
        raise QueryError("unknown_gpu_vendor", hint="gpu_examples", name=word, vendor=vendor_name)
    typed = normalize(word)
    close = difflib.get_close_matches(typed, names, n=6, cutoff=0.6)
    if typed[:1].isdigit():
        # A GeForce model number ("3070", "4070 super"): the names that start with a number are the guesses, so a
        # data-centre name with the same digits ("b300", "gb300") is not put before a neighbouring GeForce.
        close = [c for c in close if c[:1].isdigit()] or close
    if close:
        suggestions = ", ".join(list(dict.fromkeys(index[c].name for c in close))[:3])
        raise QueryError("unknown_gpu_suggest", hint="gpu_examples", name=word, suggestions=suggestions)
    if always:
        raise QueryError("unknown_gpu", hint="gpu_examples", name=word)


def _unknown_gpu_series(scan: _Scan, catalog: Catalog) -> None:
    m = scan.search(GPU_SERIES)
    if m:
        index = _indexes(catalog)["gpu"]
        _raise_unknown_gpu(scan.original[m.start() : m.end()].strip(), list(index), index, always=True)


# The prompts of an RL run, counted ("5 mil prompts", "20k prompts", "12k math problems", "10 mil perguntas de
# matemática", optionally "de 300 tokens" each): its dataset, which its time scales with; never a prompt's
# length ("256 prompt tokens", "prompts de 300 tokens", read by RL_PROMPT) nor a context.
RL_PROMPTS = regexes.compile(
    rf"(?<![\w.,])({_GROUPED}|\d+(?:[.,]\d+)?)\s*({alternation([*VOCAB.words('multipliers.thousand'), *VOCAB.words('multipliers.million')])})?"
    rf"\s*(?:de\s+|of\s+)?{_W('rl.prompts')}\b(?!\s*(?:de\s+|of\s+)?tokens?\b)"
    rf"(?:\s+(?:de|of|with|com)\s+(?:ate\s+|up\s+to\s+)?(\d{{2,6}}|\d{{1,3}}\s*k)\s*tokens?\b)?"
)


def _rl_prompts(scan: _Scan) -> None:
    """RL_PROMPTS: the count as the run's examples (its prompts), and a length given with it as the prompt's."""
    if not scan.may_match(RL_PROMPTS):
        return
    for m in list(RL_PROMPTS.finditer(scan.work)):
        count = round(_count(m.group(1)) * (UNIT_VALUES[_unit(m.group(2))] if m.group(2) else 1))
        if count < 1:
            continue
        typed = scan.original[m.start() : m.end()].strip()
        scan.found.setdefault("examples", []).append((count, typed))
        length = _rl_tokens(m.group(3)) if m.group(3) else None
        if length:
            scan.found.setdefault("rl_prompt", []).append((length, typed))
        scan.blank(m.start(), m.end())


def _rl_settings(scan: _Scan) -> None:
    """GRPO's, RLOO's and PPO's settings, read only where a question names an RL method (or its thread did)."""
    scan.take(RL_GENERATIONS, "rl_generations", lambda m: int(m.group(1) or m.group(2)) or None)
    scan.take(RL_BETA, "rl_reference", lambda m: float(m.group(1).replace(",", ".")) > 0)
    scan.take(RL_COMPLETION, "rl_completion", lambda m: _rl_tokens(m.group(1) or m.group(2)))
    _rl_prompts(scan)
    scan.take(RL_PROMPT, "rl_prompt", lambda m: _rl_tokens(m.group(1) or m.group(2)))
    scan.take(
        RL_WORDS,
        "rl_words",
        lambda m: m.lastgroup,
    )
    for kind, typed in scan.found.pop("rl_words", []):
        if kind in ("reference", "no_reference"):
            scan.found.setdefault("rl_reference", []).append((kind == "reference", typed))
        elif kind in ("reward_model", "reward_functions"):
            scan.found.setdefault("rl_reward_model", []).append((kind == "reward_model", typed))
        else:
            scan.found.setdefault("rl_generation", []).append((kind, typed))


def _availability(scan: _Scan) -> None:
    """Copies of the model required for availability, before traffic reads numbers: "8 réplicas" is no count of
    anything else, "99,9%" no share of active people."""
    scan.take(NO_HA, "high_availability", lambda m: False)
    scan.take(REPLICA_QUESTION, "replicas_question", lambda m: True)
    scan.take(REPLICA_COUNT, "replicas", lambda m: int(m.group(1) or m.group(2)))
    scan.take(ZONES, "zones", lambda m: int(m.group(1)) or None)
    scan.take(OTHER_ZONE, "zones", lambda m: 2)
    scan.take(REPLICATED, "high_availability", lambda m: True)
    scan.take(SLA, "high_availability", lambda m: True)
    scan.take(HA_WORDS, "high_availability", lambda m: True)
    scan.take(
        HA_SHORT,
        "high_availability",
        lambda m: (
            True
            if scan.original[m.start() : m.end()] == "HA" or _HA_CUE.search(scan.work, 0, m.start())
            else None
        ),
    )
    scan.take(SPARE, "spare_replicas", lambda m: int(m.group(1)))


def _rl_tokens(text: str) -> int | None:
    text = text.replace(" ", "")
    value = int(text[:-1]) * 1024 if text.endswith("k") else int(text)
    return value if 0 < value <= 10**6 else None


def _contract(scan: _Scan) -> str | None:
    """The contract mode asked for; several ("diferença entre reservado e sob demanda") ask to compare them,
    which the answer's cost does mode by mode: none is imposed."""
    modes = dict.fromkeys(v for v, _ in scan.found.get("contract", []))
    return next(iter(modes)) if len(modes) == 1 else None


def _contracts_compared(scan: _Scan) -> list[str] | None:
    """Two or more contract modes asked about ("dedicado ou reservado?", "reserved vs dedicated"): each one's
    price is set beside the others'."""
    modes = list(dict.fromkeys(v for v, _ in scan.found.get("contract", [])))
    return modes if len(modes) > 1 else None


# A video's length said beside it ("vídeos curtos de 30 segundos", "2-minute videos", "clips of 45 s", "30s
# videos"), and the frames sampled a second ("a 1 fps"): the video each conversation reads (Workload.video_*).
_VIDEO_NOUN = rf"(?:{_W('images.video')})"
_VIDEO_UNIT = r"(?P<unit>segundos?|seg|secs?|seconds?|s|minutos?|mins?|minutes?|m)\b"
VIDEO_LENGTH = regexes.compile(
    rf"\b{_VIDEO_NOUN}\b(?:\s+[a-z]+){{0,2}}?\s+(?:de|of|with|com|com\s+cerca\s+de|lasting|about)\s+"
    rf"(?:~\s*)?(?P<n>\d+(?:[.,]\d+)?)\s*-?\s*{_VIDEO_UNIT}"
    rf"|(?<![\w.,])(?P<n2>\d+(?:[.,]\d+)?)\s*-?\s*(?P<unit2>seconds?|secs?|s|minutes?|mins?|min)\s+(?:[a-z]+\s+)?{_VIDEO_NOUN}\b"
)
VIDEO_FPS = regexes.compile(
    r"(?:\ba\s+|\bat\s+|\bcom\s+|\bwith\s+)?(?<![\w.,])(\d+(?:[.,]\d+)?)\s*"
    r"(?:fps|frames?\s+(?:per|a)\s+second|quadros?\s+por\s+segundo)\b"
)


def _video_seconds(m: re.Match) -> float:
    unit = (m.group("unit") or m.group("unit2")).lower()
    return _float(m.group("n") or m.group("n2")) * (60 if unit.startswith("m") else 1)


def _images(scan: _Scan, query: Query) -> dict:
    """The images of each conversation: a count, a size (pixels said win over a size an image word names,
    "fotos de celular de 1024x1024"), or images with neither."""
    out: dict = {}
    count = _one(scan, "images", "images")
    if count is not None:
        out["images"] = count
    size = _one(scan, "image_size", "image_size") or _one(scan, "image_named", "image_size")
    if size is not None:
        out["image_size"] = size
    totals = scan.found.get("images_total", [])
    query.images_total = [typed for _, typed in totals]
    if scan.found.get("with_images") or totals:
        out["with_images"] = True
    query.no_images = bool(scan.found.get("no_images")) and not out
    video = _one(scan, "video_seconds", "video")
    if video is not None:
        out["video_seconds"] = video
        fps = _one(scan, "video_fps", "video")
        if fps is not None:
            out["video_fps"] = fps
    return out


def _served_adapters(m: re.Match) -> int | None:
    """The adapters counted; 0 for "multi-lora" or "com um lora" alone (how many: resolved together)."""
    return 0 if m.group("multi") or m.group("one") else int(m.group(1)) or None


def _counted_adapters(m: re.Match) -> int | None:
    """Without a serving word, only adapters counted or "multi-lora" are served ones."""
    return None if m.group("one") else _served_adapters(m)


def _served_adapter_counts(scan: _Scan) -> None:
    """One count for the adapters: the number said ("multi-lora ... 20 adapters" is 20), else one."""
    found = scan.found["lora_adapters"]
    counted = [(v, t) for v, t in found if v]
    scan.found["lora_adapters"] = counted or [(1, found[0][1])]


def _summed_parts(scan: _Scan) -> None:
    """Parts of one group of people, summed (_summed). What is not is read as before: two counts are then a
    contradiction, and "1000 usuários, 50 simultâneos" a head-count and the people at once."""
    if not _PART_JOINT_CUE.search(scan.work):
        return
    found = list(_PART_COUNTED.finditer(scan.work))
    if "(" in scan.work:
        found += _PART_LISTED.finditer(scan.work)
    if _TEAM_CUE.search(scan.work):
        if _team_list(scan):
            return
        found += _PART_TEAM.finditer(scan.work)
    if _PART_NAMED_CUE.search(scan.work):
        found += _PART_NAMED.finditer(scan.work)
    parts: list[re.Match] = []
    for m in sorted(found, key=lambda m: (m.start(), -m.end())):  # leftmost, then longest, never overlapping
        if (not parts or m.start() >= parts[-1].end()) and not scan.taken.intersection(range(*m.span())):
            parts.append(m)
    chain: list[re.Match] = []
    for m in [*parts, None]:
        if (
            m is not None
            and chain
            and _PART_JOINT.fullmatch(scan.work, chain[-1].end(), m.start())
            and not _apart_by_period(scan, [*chain, m])
        ):
            chain.append(m)
            continue
        if len(chain) > 1 and _summed(scan, chain):
            return
        chain = [m] if m is not None else []


# A period after a part's people ("500 pacientes por dia", "3000 patients a day", "clientes diários").
_PERIOD_AFTER = regexes.compile(
    r"\s*(?:(?:por|per|a|an|ao|cada|each|every|/)\s*(?:dia|day|semana|week|mes|month)\b"
    r"|(?:diari[oa]s|daily|semanais|weekly|mensais|monthly)\b)"
)


def _apart_by_period(scan: _Scan, parts: list[re.Match]) -> bool:
    """Whether the last part, counted over a period the others are not ("20 médicos e 500 pacientes por dia",
    "40 doctors and 3000 patients a day"), is a group of its own: a day's people beside a head-count, read
    apart as they are in the other order (_larger_group). Summed, they had been 520 people, and "a day" a
    project of one day. A trade at work all day among them keeps the two loads summed (_summed)."""
    *before, last = parts
    if not _PERIOD_AFTER.match(scan.work, last.end()) or _PERIOD_AFTER.match(scan.work, before[-1].end()):
        return False
    return not any(
        (noun := _group(m, "noun")) and _AT_ONCE_TRADE.fullmatch(strip_accents(noun)) for m in parts
    )


# A noun of people, not of their conversations ("chat", "sessões") or of those at once ("simultâneos").
_PERSON_NOUN = (
    rf"(?:{_HEADS}|{traffic_query.at_once_trade_words()}|usuarios|utilizadores|pessoas|users|people|analysts|engineers"
    r"|engenheiros|gerentes|gestores|managers)"
)
# "2 mil auditores fiscais", "300 vendedores externos", "40 advogados seniores", "300 servidores públicos": a word
# after the people's noun that agrees with it in the plural qualifies them, and the count reads as without it.
# It had been "Não entendi", and had parted a list ("300 vendedores externos e 20 gerentes": two groups, where
# "300 vendedores e 20 gerentes" are one). Not a word that says they are at once, at work, in shifts or counted
# over a period ("simultâneos", "ativos", "turnos", "diários"), which other readers take.
_NOT_QUALIFIER = (
    rf"(?!(?:{traffic_query.at_once_words()}|{traffic_query.using_words()}|{traffic_query.shift_words()}|"
    rf"{traffic_query.thing_words()}|diari[oa]s|"
    r"mensais|semanais|mais|menos|todos|todas|juntos|juntas|ambos|apenas|vezes|times|does|goes)\b)"
)
_QUALIFIED_PEOPLE = regexes.compile(
    rf"(?<![\w.,])\d[\d.,]*(?:\s*(?:mil|k)\b)?\s+(?:[a-z]+\s+)?(?P<noun>{_PERSON_NOUN})"
    rf"(?P<qualifier>(?:\s+{_NOT_QUALIFIER}[a-z]{{2,}}(?:os|as|es|is)\b){{1,2}})"
)


# "1500 tax auditors", "90 credit analysts", "40 fraud analysts": a word between the count and an English people's
# noun names their trade, and the count reads as without it (it had been left unread, or "1500 tax" a context of
# 1,500 tokens). Not a word the count is read with ("8k context", "10 mil", "por usuário") or one that says how
# many or which of them ("200 new users", "50 daily users", "20 concurrent users").
_TRADE_BEFORE_PEOPLE = regexes.compile(
    rf"(?<![\w.,])\d[\d.,]*(?:\s*k\b)?\s+(?P<trade>(?!(?:{traffic_query.at_once_words()}|{traffic_query.using_words()}|"
    r"mil|milhoes|milhao|thousand|million|tokens?|toks?|context|contexto|bits?|gb|new|novos|novas|more|mais|other|"
    r"outros|outras|extra|additional|total|daily|monthly|weekly|unique|registered|por|per|para|pra|cada|each|"
    r"and|the|for|with|from|into|than|are|was|were|has|have|our|their|your|all|any|plus|about|around|com|dos|das|"
    r"nos|nas|sao|tem|que|ate)\b)"
    rf"[a-z]{{3,}})\s+(?P<noun>{_PERSON_NOUN})\b"
)


# "40 consultores (10 seniores)", "200 alunos (30 bolsistas)": some of the people counted, qualified in
# parentheses, are among them and add no one (the count had been left unread beside the people).
_SOME_OF_THEM = regexes.compile(
    rf"(?<![\w.,])(?P<n>\d{{1,6}})(?:\s*(?P<k>mil|k)\b)?\s+(?:[a-z]+\s+)?{_PERSON_NOUN}\b[^()\d]{{0,30}}?"
    rf"(?P<part>\(\s*(?P<m>\d{{1,6}})\s+{_NOT_QUALIFIER}[a-z]{{2,}}(?:os|as|es|is)\s*\))"
)


def _qualified_people(scan: _Scan, catalog: Catalog) -> None:
    """Blanks the words that qualify people counted (_QUALIFIED_PEOPLE), unless the noun and the word are one
    noun of their own ("usuários cadastrados") or the word is a model's ("hermes")."""
    families = FAMILIES | family_words(catalog)
    for m in scan.finditer(_SOME_OF_THEM):
        if int(m.group("m")) < int(m.group("n")) * (1000 if m.group("k") else 1):
            scan.blank(*m.span("part"))
    for m in scan.finditer(_QUALIFIED_PEOPLE):
        start, end = m.span("qualifier")
        words = m.group("qualifier").split()
        if (
            scan.taken.intersection(range(start, end))
            or families.intersection(words)
            or _typo(scan, words, catalog)
        ):
            continue
        if _HEAD_NOUN.fullmatch(f"{m.group('noun')} {words[0]}") or _COUNT_NOUN.fullmatch(
            f"{m.group('noun')} {words[0]}"
        ):
            continue
        scan.blank(start, end)


def _typo(scan: _Scan, words: list[str], catalog: Catalog) -> bool:
    """Whether a word is a typo of one that says people are at once or at work ("25 concurent users", "20
    usuários simultanoes"): left for the typo's reading (_keyword_typos), never blanked as a qualifier."""
    return any(
        _AT_WORK.fullmatch(strip_accents(word)) for _, word, _ in _keyword_typos(words, scan.typed, catalog)
    )


_AT_WORK = regexes.compile(
    rf"(?:{traffic_query.at_once_words()}|{traffic_query.using_words()}|{traffic_query.shift_words()})"
)


def _trade_before_people(scan: _Scan, catalog: Catalog) -> None:
    """Blanks the trade's word before an English people's noun (_TRADE_BEFORE_PEOPLE) of a count that is no part
    of a list (where it names the part's group: _summed), unless the two words are one noun ("sales reps")."""
    families = FAMILIES | family_words(catalog)
    for m in scan.finditer(_TRADE_BEFORE_PEOPLE):
        start, end = m.span("trade")
        said = f"{m.group('trade')} {m.group('noun')}"
        if scan.taken.intersection(range(*m.span())) or m.group("trade") in families:
            continue
        if _typo(scan, [m.group("trade")], catalog):
            continue
        if not (_HEAD_NOUN.fullmatch(said) or _COUNT_NOUN.fullmatch(said)):
            # inside the count's span, which the readers of people still take
            scan.blank(start, end)
            scan.taken.difference_update(range(start, end))


def _shift_list(scan: _Scan) -> None:
    """Each shift's people listed (SHIFT_LIST): the largest count is left before their noun, in the working text
    and the text as typed alike (the same length), and read as any count of those people is; the list is said."""
    for m in reversed(scan.finditer(SHIFT_LIST)):
        counts = [int(n) for n in re.findall(r"\d+", m.group("list"))]
        shifts = int(m.group("shifts") or 0)
        if scan.taken.intersection(range(*m.span())) or (shifts and shifts != len(counts)):
            continue
        typed = scan.original[m.start() : m.end()].strip()
        scan.found.setdefault("shift_list", []).append(((sum(counts), len(counts), max(counts)), typed))
        start, end = m.span()
        largest = str(max(counts)).rjust(end - start)
        scan.work = scan.work[:start] + largest + scan.work[end:]
        scan.original = scan.original[:start] + largest + scan.original[end:]


def _per_shift(scan: _Scan) -> None:
    """The people of one shift (PER_SHIFT), and the shifts counted beside them: (each, shifts or None). The count
    with its noun stays the people's ("25 analistas"); a bare one ("(50 por turno)") is the shift's alone."""
    m = next((m for m in scan.finditer(PER_SHIFT) if not scan.taken.intersection(range(*m.span()))), None)
    if m is None:
        return
    spans = [m.span()]
    counted = scan.search(_SHIFTS_COUNTED)
    if counted is not None:
        spans.append(counted.span())
        scan.blank(*counted.span())
    typed = ", ".join(scan.original[a:b].strip() for a, b in sorted(spans))
    shifts = int(counted.group(1)) if counted is not None else None
    scan.found.setdefault("per_shift", []).append(((int(m.group("n")), shifts), typed))
    scan.blank(m.start("per") if m.group("noun") else m.start(), m.end())


def _team_list(scan: _Scan) -> bool:
    """Teams' sizes said in one list (_TEAM_LIST): summed, or several teams of one size multiplied."""
    for m in _TEAM_LIST.finditer(scan.work):
        counts = [int(n) for n in re.findall(r"\d+", m.group("list"))]
        teams = int(m.group("k") or 0)
        multiplied = (
            len(counts) == 1 and teams > 1 and scan.work[m.start("list") - 5 : m.start("list")].strip()
        )
        if multiplied:
            counts = counts * teams  # "duas equipes de 25 pessoas": 2 × 25
        if len(counts) < 2 or traffic_query.names_at_once(scan.work[m.start() : m.end() + 30]):
            continue
        typed = scan.original[m.start() : m.end()].strip()
        scan.found.setdefault("users", []).append((sum(counts), typed))
        if multiplied:
            # said back as "40 × 30", never forty "30 +" (as places times their people are)
            scan.found.setdefault("products", []).append(((teams, counts[0], "group"), typed))
        else:
            scan.found["users_summed"] = [(counts, typed)]
        scan.blank(m.start(), m.end())
        return True
    return False


# "80 usuários no horário de pico, 20 fora do pico", "40 usuarios em horario comercial, 5 de madrugada": the quieter
# hours' users after the peak's (they had been "Não entendi: “20”", or summed, 45), said apart; not a time ("às 5 da
# madrugada")
_USERS_OFF_PEAK = regexes.compile(
    rf"(?:[,;]|\b(?:e|and|mas|but)\b)\s*(?<!\bas\s)(?<!\bat\s)(?P<n>(?<![\w.,])\d{{1,6}})(?:\s+{_COUNT_NOUNS})?"
    rf"(?={traffic_query.OFF_PEAK_AFTER.pattern})"
)
_USERS_BEFORE = regexes.compile(rf"(?<![\w.,])\d{{1,6}}\s+(?:[a-z]+\s+)?{_COUNT_NOUNS}\b")
# The peak's hours said after its count ("80 no pico", "80 em horario comercial", "80 at peak").
_AT_PEAK = (
    r"(?:n[oa]s?\s+(?:horario\s+de\s+)?pico|na\s+hora\s+de\s+pico|em\s+horario\s+(?:comercial|de\s+pico)|"
    r"(?:de|durante\s+o)\s+dia|(?:at|during|in)\s+(?:the\s+)?peak(?:\s+hours?)?|(?:during|in)\s+business\s+hours|"
    r"during\s+the\s+day)\b"
)
# "20 usuarios fora do pico e 80 no pico": the quieter hours said first, then the peak's count (had been refused
# as a contradiction of 20 and 80; the other order was read)
_USERS_OFF_PEAK_FIRST = regexes.compile(
    rf"(?<![\w.,])(?<!\bas\s)(?<!\bat\s)(?P<n>\d{{1,6}})(?:\s+{_COUNT_NOUNS})?"
    rf"(?={traffic_query.OFF_PEAK_AFTER.pattern}\s*(?:[,;]|\b(?:e|and|mas|but|while|enquanto)\b)\s*"
    rf"(?:(?:com|with|chega\s+a|sobe\s+(?:pra|para)|goes\s+up\s+to)\s+)?(?P<peak>\d{{1,6}})(?P<noun>\s+{_COUNT_NOUNS})?\s+(?P<at>{_AT_PEAK}))"
)


# "50 em 2 meses e 200 em 6 meses", "50 in 2 months and 200 in 6 months": a phase between today's and the last,
# each count with when it comes; the last and largest is sized (the first had been taken, the next "Não entendi")
_PHASE_LINK = regexes.compile(
    rf"(?<![\w.,])(?P<n>\d{{1,6}})(?:\s+{_COUNT_NOUNS})?\s+(?:em|in|within|daqui\s+a)\s+(?P<t>\d{{1,3}})\s+(?P<u>{_TIME_UNITS})\b"
    r"\s*(?:[,;]|\b(?:e|and)\b)\s*(?:(?:depois|then|e|and)\s+)?"
    rf"(?=(?P<next>\d{{1,6}})(?:\s+{_COUNT_NOUNS})?\s+(?:em|in|within|daqui\s+a)\s+(?P<t2>\d{{1,3}})\s+(?P<u2>{_TIME_UNITS})\b)"
)
_UNIT_DAYS = {
    "d": 1,
    "s": 7,
    "w": 7,
    "m": 30,
    "a": 365,
    "y": 365,
}  # by the unit's first letter: when, in order


def _phases_between(scan: _Scan) -> None:
    for m in scan.finditer(_PHASE_LINK):
        first = int(m.group("t")) * _UNIT_DAYS[m.group("u")[0]]
        then = int(m.group("t2")) * _UNIT_DAYS[m.group("u2")[0]]
        if int(m.group("next")) > int(m.group("n")) and then > first:
            scan.blank(m.start(), m.end())  # quoted with the phases around it, as typed


def _users_off_peak(scan: _Scan) -> None:
    for m in scan.finditer(_USERS_OFF_PEAK_FIRST):
        end = traffic_query.OFF_PEAK_AFTER.match(scan.work, m.end()).end()
        scan.found.setdefault("users_off_peak", []).append(
            (int(m.group("n")), scan.original[m.start("n") : end].strip())
        )
        if m.group("noun") is None:
            # "10 à noite e 100 de dia": the peak's bare count is the users, as its noun would say
            scan.found.setdefault("users", []).append((int(m.group("peak")), m.group("peak")))
            # business hours stay a reading of their own (the hours a month's rental counts)
            kept = "comercial" in m.group("at") or "business" in m.group("at")
            scan.blank(m.start("peak"), m.end("peak") if kept else m.end("at"))
        scan.blank(m.start("n"), end)
    for m in scan.finditer(_USERS_OFF_PEAK):
        if not _USERS_BEFORE.search(scan.work, 0, m.start()):
            continue  # no peak's count before: "5 de madrugada" alone is read as it was
        end = traffic_query.OFF_PEAK_AFTER.match(scan.work, m.end()).end()
        scan.found.setdefault("users_off_peak", []).append(
            (int(m.group("n")), scan.original[m.start("n") : end].strip())
        )
        scan.blank(m.start("n"), end)


def _phases(scan: _Scan, m: re.Match) -> bool:
    """Two counts of users said as phases (PHASES): the larger is the users, the smaller the pilot."""
    a, b = parse_count(m.group(1).replace(" ", "")), parse_count(m.group(4).replace(" ", ""))
    gap = m.group("gap")
    # "50 usuários simultâneos, crescendo para 200 no ano que vem", "piloto com 10 usuários e depois 100
    # simultâneos": people at once beside a phase's word are a phase's (they had been 50 at once of a head-count
    # of 200, or a contradiction); with no phase word between, "500 usuários, 50 simultâneos" stay people and
    # those at once
    # the next phase's time may be read already (blanked as a term): found as typed
    typed_gap = strip_accents(scan.original[m.start("gap") : m.end("gap")].lower())
    phased = _PHASE_WORD.search(gap) is not None or _WHEN_NEXT_AT.search(typed_gap) is not None
    words = traffic_query.without_at_once(gap) if phased else gap
    words = _WHEN_NEXT_AT.sub(" ", _SIZED_NAME_AT.sub(" ", words))
    if phased or _PHASE_AFTER.match(scan.work, m.end()):
        # "20 users, we expect to reach 300 users in 6 months": growth's words between phases (they had been two
        # counts that contradict each other)
        words = _GROWTH_GAP.sub(" ", words)
    if any(
        len(w) > 4 and w not in FILLER
        for w in LETTERS.findall(_USE_WORD.sub(" ", _PHASE_WORD.sub(" ", words)))
    ):
        return False  # "500 usuários diários, depois 2000": more than the phases between them
    before = _PHASE_BEFORE.search(scan.work, max(0, m.start() - 40), m.start())
    after = _PHASE_AFTER.match(scan.work, m.end())
    # "pilot with 10, then rollout to 300": two bare counts are people only between phases' words, the first
    # right after one and the second after the words that lead to the next (it had been a 300-token context and
    # 10 users)
    bare_phases = bool(before and phased and _PHASE_NEXT.match(gap) and after)
    if (
        a == b
        or not (m.group("an") or m.group("bn") or bare_phases)
        or (traffic_query.names_at_once(m.group(0)) and not phased)
    ):
        return False
    if not (phased or (after and after.group(0).strip())):
        return False
    if m.group("an") and _PER.match(gap) and not _WHEN_NEXT_AT.match(gap.lstrip()):
        return (
            False  # "10 conversas por segundo, depois 100": a rate ("por 3 meses": the first phase's length)
        )
    if not m.group("an") and not (before and _PHASE_NEXT.match(gap)):
        # "2 gpus, depois 100 usuários", "em produção, 4 bits, 200 usuários": a bare number is a phase's only
        # after a phase's word, with nothing but the phases' words after it
        return False
    if not m.group("bn") and not after:
        return False  # "depois 4 gpus"
    start = before.start() if before else m.start()
    while before and (before := _PHASE_BEFORE.search(scan.work, max(0, start - 40), start)):
        start = (
            before.start()
        )  # "começamos com um piloto de 10": each phase's word leading to the count quoted
    end = after.end() if after and after.group(0).strip(" ,;.!?)") else m.end()
    if scan.work.count("(", start, end) > scan.work.count(")", start, end) and scan.work.startswith(")", end):
        end += 1  # "piloto (10 usuários) e depois produção (300)": the bracket quoted closed
    said = scan.work.find("daqui", m.end(), end)
    if said >= 0 and (horizon := HORIZON.match(scan.work, said)):
        end = max(end, horizon.end())  # "100 daqui a 6 meses" quoted whole, not "100 daqui a"
    typed = scan.original[start:end].strip(" ,;")
    scan.found.setdefault("users", []).append((max(a, b), typed))
    scan.found["pilot_users"] = [(min(a, b), typed)]
    scan.found.setdefault("intent", []).append((Intent.production, typed))
    for name in reversed(list(_SIZED_NAME_AT.finditer(scan.work, m.start("gap"), m.end("gap")))):
        scan.blank(name.end(), end)  # the model named between the counts is read as a name (_names)
        end = name.start()
    scan.blank(start, end)
    return True


# "piloto 2 semanas, depois 50 usuários", "a 30-day pilot, then 200 users": the pilot's length, then production's
# count (the length had been a 14-day term, and the count sized in evaluation)
_PILOT_LENGTH_THEN = regexes.compile(
    r"\b(?:(?:\d{1,3}[-\s](?:dias?|days?|semanas?|weeks?|mes|meses|months?)\s+(?:de\s+)?(?:piloto|pilot|poc|mvp))"
    r"|(?:(?:piloto|pilot|poc|mvp)\s+(?:de\s+|of\s+|por\s+|for\s+|durante\s+)?"
    r"\d{1,3}[-\s](?:dias?|days?|semanas?|weeks?|mes|meses|months?)))\b"
    r"\s*[,;]?\s*(?:(?:e|and)\s+)?(?:depois|em\s+seguida|then|after\s+that|afterwards|e\s+em\s+producao)\b"
    r"(?:\s+(?:com|with|pra|para|p/|to))?\s*(?=\d)"
)


def _pilot_length_then(scan: _Scan) -> None:
    for m in scan.finditer(_PILOT_LENGTH_THEN):
        typed = scan.original[m.start() : m.end()].strip(" ,;")
        scan.found.setdefault("intent", []).append((Intent.production, typed))
        scan.blank(m.start(), m.end())


def _rate_phases(scan: _Scan) -> None:
    """Two request rates said as phases ("no começo 5 req/min e em produção 300 req/min"): the larger sized, the
    other said in a note (they had been refused as a contradiction)."""
    (a, first), (b, second) = scan.found["rate_per_s"]
    plain = strip_accents(scan.original.lower())
    at, other = plain.find(strip_accents(first.lower())), plain.find(strip_accents(second.lower()))
    if a == b or at < 0 or other <= at:
        return
    between = plain[at + len(first) : other]
    if not _PHASE_WORD.search(between) or any(
        len(w) > 4 and w not in FILLER for w in LETTERS.findall(_PHASE_WORD.sub(" ", between))
    ):
        return
    kept, pilot = ((b, second), first) if b > a else ((a, first), second)
    scan.found["rate_per_s"] = [kept]
    scan.found["rate_phases"] = [((pilot, kept[1]), kept[1])]
    scan.found.setdefault("intent", []).append((Intent.production, kept[1]))
    for word in list(scan.finditer(_PHASE_WORD, max(0, at - 30), other + len(second))):
        scan.blank(*word.span())  # "no começo", "at first": the phases' words, said back in the note


def _group(m: re.Match, name: str) -> str | None:
    """A named group of a part, None when the part's pattern has no such group."""
    return m.group(name) if name in m.re.groupindex else None


# The plain words for users: a count said with one of them is said back with the answer's own word.
_PLAIN_USER_NOUNS = frozenset(
    {"usuario", "usuarios", "user", "users", "utilizador", "utilizadores", "u", "usu"}
)
_COUNT_AND_NOUN = regexes.compile(r"[\d.,\s]*(?:k|mil|thousand)?\s*([^\W\d_]+)")


def _users_noun(scan: _Scan, users: int) -> str | None:
    """The noun the users were counted with ("pessoas" in "1.000 pessoas"), where it is no plain word for users:
    the answer says the count back with it (it had said "Li 1.000 usuários como as pessoas que usam o serviço"
    under "Entendi: ... 1.000 pessoas")."""
    for count, typed in scan.found.get("users", []):
        said = _COUNT_AND_NOUN.fullmatch(typed.strip().lower()) if count == users else None
        if said is not None and strip_accents(said.group(1)) not in _PLAIN_USER_NOUNS:
            return said.group(1)
    return None


def _held_trade_count(scan: _Scan, fields: dict) -> tuple[str, int] | None:
    """The users counted beside a head-count in a trade that works conversations all day ("20 atendentes" beside
    "100 funcionários"), as typed with their count; None when the users are no such group."""
    if not fields.get("users") or not fields.get("population") or fields["users"] >= fields["population"]:
        return None
    for count, typed in scan.found.get("users", []):
        noun = re.sub(r"^[\d.,]+\s*", "", strip_accents(typed.lower()))
        if count == fields["users"] and _AT_ONCE_TRADE.fullmatch(noun):
            return typed, count
    return None


def _held_trade(m: re.Match) -> str | None:
    """The trade of a part said at once ("20 atendentes simultâneos", "20 agents at once"), when it is one that
    works conversations all day (traffic_words.toml at_once_trades)."""
    noun = _group(m, "noun")
    if not noun or not traffic_query.names_at_once(m.group(0)):
        return None
    trade = " ".join(traffic_query.without_at_once(strip_accents(noun)).split())
    return trade if _AT_ONCE_TRADE.fullmatch(trade) else None


# A share right after a list of people ("..., metade online", "..., 10% ao mesmo tempo"): of the whole list.
_SHARE_AFTER = regexes.compile(
    rf"\s*[,;]?\s*(?:(?:e|and|com|with|sendo|of\s+which)\s+)?(?:~\s*)?"
    rf"(?:\d+(?:[.,]\d+)?\s*%|(?:{traffic_query.share_words()})\b)"
)


def _summed(scan: _Scan, chain: list[re.Match]) -> bool:
    """Parts of one group of people, joined as a list (_PART_JOINT), summed. Each part names its group or its
    own kind of people ("12 sales reps and 30 support agents"), and at least one says it counts people (a
    people noun, a team's word, or a verb of use in the question): "10 usuários e 20 usuários" stay two
    values, and "1000 usuários, 50 simultâneos" people at once (read later)."""
    start, end = chain[0].start(), chain[-1].end()
    said = scan.work[start : end + 30]
    held = [_held_trade(m) for m in chain]
    for m, trade in reversed(list(zip(chain, held, strict=True))):
        if trade:
            # "20 atendentes simultâneos e 100 funcionários": a trade that works conversations all day is at
            # once alone too, no share of the head-count (read as its people at once, the head-count had been
            # left unused, and the same people said without "simultâneos" sized more)
            a, b = m.start() - start, m.end() - start
            said = said[:a] + traffic_query.without_at_once(said[a:b]) + said[b:]
    if _SHARE_AFTER.match(scan.work, end):
        # "50 advogados e 20 estagiários, metade usa ao mesmo tempo": a share at once after the list is of all of
        # it, not the last part's count at once (the 20 had been left out, as a group apart)
        said = said[: end - start]
    if traffic_query.names_at_once(said) or scan.search(_PHASE_WORD, start, end):
        return False  # people at once, or phases ("10 usuários no piloto e 100 em produção")
    if any(_SERVANTS.search(m.group(0)) for m in chain):
        # "300 servidores públicos e 40 juízes" is read as "300 servidores e 40 juízes" is, each count by its own
        # reading (two head-counts, _traffic): a word after the servants had made them one list, summed
        return False
    kinds = [m.lastgroup for m in chain]
    groups = [next((g for k in ("g1", "g2", "g3", "g5", "g6") if (g := _group(m, k))), None) for m in chain]
    nouns = [
        trade or (strip_accents(noun) if (noun := _group(m, "noun")) else None)
        for m, trade in zip(chain, held, strict=True)
    ]
    if "grouped" in kinds and not (kinds[0] == "people" and groups[0]):
        return False  # "15 do comercial" only after "10 pessoas do suporte"
    named = all(g for g in groups) or len({*groups, *nouns} - {None}) >= len(chain)
    if not named and "team" not in kinds:
        return False
    people = {"people", "team", "named"} & set(kinds) or re.search(rf"\b{_USE}\b", scan.work)
    if not people:
        return False
    # "5000 funcionários e 20 mil clientes", "20.000 clientes e 500 funcionários": a part's thousands (the
    # "mil" had been read as the group's name, 20 people)
    counts = [
        int(re.sub(r"[.,]", "", next(n for k in ("n1", "n2", "n3", "n4", "n5", "n6") if (n := _group(m, k)))))
        * (1000 if _group(m, "thousand") else 1)
        for m in chain
    ]
    heads = [bool(_HEADS_ONLY.search(scan.work, m.start(), m.end())) for m in chain]
    grouped = [
        g or (n and " " in n and not _NOT_A_GROUP.fullmatch(n)) for g, n in zip(groups, nouns, strict=True)
    ]
    trades = [bool(n) and not _PLAIN_PEOPLE.fullmatch(n) for n in nouns]
    # a trade said twice is two groups when each names its own ("20 atendentes do suporte, 30 atendentes das
    # vendas e 100 funcionários": had been refused as 20 and 30 attendants contradicting each other)
    distinct = all(g or nouns.count(n) == 1 for g, n in zip(grouped, nouns, strict=True))
    if any(heads) and not all(grouped) and not (all(trades) and distinct):
        # "5000 funcionários e 200 usuários": a head-count and people at once, no parts of one. Each part a
        # trade of its own ("12 analistas e 30 funcionários") is two groups of people, summed (had been
        # refused as two head-counts contradicting each other).
        return False
    # Every part counted in a head-count's nouns ("12 analistas e 8 advogados") is sized as a head-count, as
    # each of them alone is (traffic_words.toml `people`); they had been 20 people at once, where "12
    # analistas" alone is a tenth of them at the peak.
    # a part whose group comes first says its people last ("a clínica com 20 médicos e 500 pacientes": had been
    # 520 people at once, the doctors' noun unseen)
    said_nouns = [
        n or (strip_accents(m.group(0).split()[-1]) if m.lastgroup == "named" else None)
        for m, n in zip(chain, nouns, strict=True)
    ]
    head_count = any(heads) or all(n and _HEAD_NOUN.fullmatch(n) for n in said_nouns)
    if teams := _TEAMS_BEFORE.search(scan.work, max(0, start - 40), start):
        start = teams.start()  # "somos 3 times: 10 devs, 15 analistas e 5 gestores"
    typed = " ".join(scan.original[start:end].split())  # "redatores (15)" moved before: no gap in between
    counted = [bool(n and _HEAD_NOUN.fullmatch(n)) for n in nouns]
    at_once_trade = [bool(n and _AT_ONCE_TRADE.fullmatch(n)) for n in nouns]
    if any(counted) and all(c or a for c, a in zip(counted, at_once_trade, strict=True)) and not all(counted):
        # "12 analistas e 30 atendentes": a head-count (people who each send a few requests an hour) beside a
        # trade that works conversations all day (users at once, traffic_words.toml `people`): two loads of
        # different kinds, each turned into its own request rate and summed (sizing/plan.py). They had been
        # 42 users at once, the analysts sized as if each were always in a conversation.
        people = sum(n for n, c in zip(counts, counted, strict=True) if c)
        at_once = sum(n for n, c in zip(counts, counted, strict=True) if not c)
        scan.found.setdefault("population", []).append((people, typed))
        scan.found.setdefault("users", []).append((at_once, typed))
        # each group as typed, for the answer to say how it read them ("20 atendentes (20 conversas ao mesmo
        # tempo) + 100 pessoas")
        held = " + ".join(
            scan.original[m.start() : m.end()].strip() for m, c in zip(chain, counted, strict=True) if not c
        )
        scan.found["mixed_groups"] = [((people, at_once, held), typed)]
    else:
        # "vendas (10) e 30 funcionários no suporte": a part counted as a head-count makes the whole group one
        # (they had all been counted as people at once)
        scan.found.setdefault("population" if head_count else "users", []).append((sum(counts), typed))
        scan.found["users_summed"] = [(counts, typed)]
        if head_count:
            scan.found["summed_head_count"] = [(True, typed)]
    scan.blank(start, end)
    return True


def _place(m: re.Match) -> str:
    """The places counted in a _per_place match, whichever order it was said in."""
    return m.group("place") or m.group("place2") or m.group("place3")


def _per_place_users(scan: _Scan, m: re.Match) -> int | None:
    """The places times the people in each; "com" alone ("300 lojas com 2 atendentes") needs a plural place
    that is no GPU, server or request ("2 servidores com 8 usuários" is no product of people). The factors
    are kept (query.products): the answer says the product, as it says a sum."""
    place = _place(m)
    one = m.group("one") or m.group("one2")
    if _NOT_PLACES.fullmatch(place) or (one and not traffic_query.one_of(one, place) and place != "campi"):
        return None
    places = int(m.group(1) or m.group("places2") or m.group("places3"))
    counts = ("count", "count2", "count3", "count4", "count5")
    each = parse_count(next(m.group(k) for k in counts if m.group(k)).replace(" ", ""))
    if not places * (each or 0):
        return None
    said = (
        (places, each, "users" if m.re is PER_PLACE_USERS else "population"),
        scan.original[m.start() : m.end()].strip(),
    )
    scan.found.setdefault("products", []).append(said)
    return places * each


def _data_bytes(m: re.Match) -> int | None:
    number, unit = (m.group("a"), m.group("au")) if m.group("a") else (m.group("b"), m.group("bu"))
    return round(_float(number) * _DATA_UNITS[unit]) or None


def _larger_group(scan: _Scan, query: Query, fields: dict, kind: str, people: int) -> bool:
    """A day's or a month's people beside a head-count, neither said to be the users ("chatbot de hospital
    com 2000 pacientes por dia e 50 médicos"): two groups, each read the same way (a share of them at the peak,
    a few requests an hour each, traffic.toml [population]), so the larger count is the larger load. Whether
    this one is that group; either way the answer says which group was sized and how the other was read (the
    day's 2,000 patients had been dropped silently for the 50 doctors)."""
    counted = fields["population"]
    typed = scan.found[kind][0][1]
    other = next((t for n, t in scan.found.get("population", []) if n == counted), None)
    if other is None:
        return False  # a head-count read another way (a share of it, a thread's): no second group typed
    # a month's people are compared by those of a day (traffic.toml [population] daily_share_of_monthly)
    daily = people * (
        load_catalog().traffic.population.daily_share_of_monthly if kind == "people_per_month" else 1
    )
    named = _named_users(scan, [typed, other])
    if named is not None:
        return named == typed  # "..., assistente pros residentes": the group it is said to be for
    larger = daily > counted
    kept, other_people = (typed, other) if larger else (other, typed)
    query.other_groups.append((kept, other_people))
    return larger


# "pros analistas", "para os residentes", "for the agents": the people the assistant is for, named by their noun
# alone (a count after "pra" is read with it: "pra 40 advogados e 10 estagiários" names no one group).
_FOR_PEOPLE = regexes.compile(
    r"\b(?:pra|pras|pros|para(?:\s+(?:os|as))?|aos|for(?:\s+(?:the|our))?|to\s+(?:the|our))\s+(?P<noun>[a-z]+)\b"
)
_COUNT_WORDS = regexes.compile(r"^[\d.,\s]*(?:(?:mil|k|milhoes|milhao|millions?)\s+(?:de\s+|of\s+)?)?")


def _named_users(scan: _Scan, groups: list[str]) -> str | None:
    """Of two groups as typed, the one the question says the assistant is for (_FOR_PEOPLE), by its people's
    noun; None when it names neither or both."""
    nouns = {
        strip_accents(_COUNT_WORDS.sub("", typed.lower())).split()[0]: typed for typed in groups if typed
    }
    named = {nouns[m.group("noun")] for m in _FOR_PEOPLE.finditer(scan.typed) if m.group("noun") in nouns}
    return named.pop() if len(named) == 1 else None


def _share_of_people(scan: _Scan, fields: dict, kind: str, said: list) -> bool | None:
    """The head-count cut to the share of it a question gives (`kind`), recorded in `said` as (as typed, the
    people, the share's people) for the answer to say; False where a share is given with no people to take it of,
    None where none is given."""
    share = _one(scan, kind, "traffic.share")
    if share is None:
        return None
    if not fields["population"]:
        return False
    people = fields["population"]
    fields["population"] = max(round(people * share), 1)
    said += [(typed, people, fields["population"]) for _, typed in scan.found[kind][:1]]
    return True


def _ones(scan: _Scan, labels: dict[str, str]) -> dict:
    """_one of each kind (with its label), in order; without a call for the kinds the question does not say
    (nearly all of them: ~80 a question went through _one to find nothing)."""
    found = scan.found
    return {kind: _one(scan, kind, label) if found.get(kind) else None for kind, label in labels.items()}


def _one(scan: _Scan, kind: str, label: str):
    values = scan.found.get(kind)
    if not values:
        return None  # most kinds are not in a question
    distinct = list(dict.fromkeys(v for v, _ in values))
    if len(distinct) > 1:
        typed = list(dict.fromkeys(t for _, t in values))
        if len(typed) < 2:  # one phrase read two ways ("70b k A 32k": "k" twice): said by the values read
            typed = [str(v) for v in distinct]
        # Two models: how to weigh them, or put them on one GPU, is the way out.
        hint = "query.two_models" if label == "model" else "query.examples"
        raise QueryError("query.contradiction", hint=hint, what=label, first=typed[0], second=typed[1])
    return distinct[0] if distinct else None


# The words between two training methods offered as a choice: "lora ou qlora", "full fine-tune vs lora",
# "full, lora ou qlora", "lora ou fazer um full fine-tune"; "e"/"and" only in a question that compares ("qual a
# diferença entre lora e qlora?"), as for two models (COMPARING).
_METHOD_OR = regexes.compile(
    r"\s*(?:,|/|\b(?:ou|or|vs\.?|versus|x|e|and)\b)\s*"
    r"(?:(?:o|um|the|an?|fazer|usar|use|do|with|com|via|por)\s+){0,2}"
)
_METHOD_KINDS = {
    "qlora": Stage.qlora, "lora": Stage.lora, "full": Stage.full, "fine_tune": Stage.full, "pretrain": Stage.pretrain
}  # fmt: skip


def _method_choice(scan: _Scan) -> list[Stage] | None:
    """Training methods offered as a choice ("lora ou qlora?", "full finetune ou lora pro qwen 7b?", "qual a
    diferença de memória entre lora e qlora?"): the first stays the run's stage, and the others are taken out
    of the stage words (they had been a contradiction, or QLoRA silently) and weighed beside it
    (Workload.compare_stages, sizing/compare.py weigh_methods)."""
    said = [
        (start, kind, typed)
        for (start, _), (kind, typed) in zip(
            scan.found.get("stage_at", []), scan.found.get("stage", []), strict=False
        )
        if kind in _METHOD_KINDS
    ]
    if len(said) < 2:
        return None
    said.sort()
    plain = strip_accents(scan.original.lower())
    comparing = COMPARING.search(plain) is not None
    chain = [said[0]]
    for start, kind, typed in said[1:]:
        before = chain[-1]
        between = plain[before[0] + len(before[2]) : start]
        joint = _METHOD_OR.fullmatch(between)
        if joint is None or (re.match(r"\s*(?:e|and)\b", between) and not comparing):
            if len(chain) > 1:
                break
            chain = [(start, kind, typed)]
            continue
        chain.append((start, kind, typed))
    methods = list(dict.fromkeys(_METHOD_KINDS[kind] for _, kind, _ in chain))
    if len(methods) < 2:
        return None
    # "lora ou pré-treino do llama 8b?" with nothing to size them on asks what each is for (the concepts'
    # answer); GPUs or a volume to train on ("em 4 a100", "com 10B tokens") ask each stage's run weighed.
    if Stage.pretrain in methods and not any(scan.found.get(k) for k in ("gpu", "gpus", *_STAGE_DATA)):
        return None
    others = {typed for _, kind, typed in chain[1:] if _METHOD_KINDS[kind] is not _METHOD_KINDS[chain[0][1]]}
    keep = [
        (a, b)
        for a, b in zip(scan.found["stage_at"], scan.found["stage"], strict=False)
        if b[1] not in others
    ]
    scan.found["stage_at"], scan.found["stage"] = [a for a, _ in keep], [b for _, b in keep]
    return methods[1:]


# The words that put one training stage after another: "X e depois Y", "X, then Y", "primeiro X, depois Y",
# "X e a seguir Y" (pt-PT), "X followed by Y".
_THEN = regexes.compile(
    r"\b(?:depois|then|em seguida|a seguir|seguido de|seguida de|followed by|afterwards|after that|and after)\b"
)
# A stage's data, each read for the stage whose words come before it (or after, for data typed first)
_STAGE_DATA = ("tokens", "examples", "epochs")


def _stage_sequence(scan: _Scan) -> dict:
    """Two training stages one after the other ("continued pretraining do qwen2.5 7b com 2B tokens e depois SFT
    com lora em 10 mil exemplos", "continued pre-training on 5B tokens, then LoRA SFT"): a plan in two stages,
    not a contradiction between two methods. The stage words after _THEN are taken out of the stage words (the
    first stage is the run's, as read by _stage), and so is the data typed after it: the engine sizes each
    stage with its own data. {} when the question names one stage, or a training and then its serving."""
    said = sorted(
        (start, kind, typed)
        for (start, _), (kind, typed) in zip(
            scan.found.get("stage_at", []), scan.found.get("stage", []), strict=False
        )
        if kind != "inference"
    )
    if len(said) < 2:
        return {}
    plain = strip_accents(scan.original.lower())
    then = None
    for (a, _, typed_a), (b, _, _) in itertools.pairwise(said):
        if m := _THEN.search(plain, a + len(typed_a), b):
            then = m.start()
            break
    if then is None:
        return {}
    first = [kind for start, kind, _ in said if start < then]
    second = [kind for start, kind, _ in said if start > then]

    def stage_of(kinds: list[str]) -> Stage:
        return STAGE_OF[next(kind for kind in STAGE_WORDS if kind in kinds)]  # the most specific word

    if stage_of(first) is stage_of(second):
        return {}
    seconds = {typed for start, _, typed in said if start > then}
    keep = [
        (a, b)
        for a, b in zip(scan.found["stage_at"], scan.found["stage"], strict=False)
        if not (a[0] > then and b[1] in seconds)
    ]
    scan.found["stage_at"], scan.found["stage"] = [a for a, _ in keep], [b for _, b in keep]
    fields: dict = {"then_stage": stage_of(second)}
    for kind in _STAGE_DATA:
        values = scan.found.pop(kind, [])
        later = [(v, typed) for v, typed in values if plain.find(strip_accents(typed.lower())) > then]
        if earlier := [value for value in values if value not in later]:
            scan.found[kind] = earlier
        if later:
            fields[f"then_{kind}"] = later[0][0]
    return fields


def _zero_stages(scan: _Scan) -> dict:
    """The ZeRO stage said; several ("zero-2 vs zero-3", "fsdp ou deepspeed zero 2", "zero-1, zero-2 ou
    zero-3?") are a choice between them, not a contradiction: the first is sized in full and the others are
    weighed beside it (compare_zero)."""
    stages = list(dict.fromkeys(v for v, _ in scan.found.get("zero", [])))
    if not stages:
        return {}
    return dict(zero=stages[0], compare_zero=stages[1:] or None)


def _context_and_total(scan: _Scan, query: Query) -> dict:
    """The context and the users; a total of tokens beside them ("8k por usuário e 40 usuários, total 320k")
    is every conversation's context summed: said back when it is their product, a contradiction when it is
    not, and with no context said, the total shared by the users (or the context itself, for one user)."""
    context, users = _one(scan, "context", "context"), _one(scan, "users", "users")
    totals = scan.found.get("context_total")
    if not totals:
        return dict(context=context, users=users)
    total, typed = totals[0]
    if context is None:
        context = max(round(total / (users or 1)), 1)
        # "40 usuários, 320k no total": 8,000 each is the 8k window people name (8,192), as "k" after a power
        # of two is read (sizing/quantities.py); within the tolerance a sum is checked to.
        window = 1024 * 2 ** round(math.log2(context / 1024)) if context >= 1024 else context
        if abs(window - context) <= TOTAL_TOLERANCE * window:
            context = window
    elif abs(context * (users or 1) - total) > TOTAL_TOLERANCE * total:
        said = scan.found["context"][0][1]
        raise QueryError("query.contradiction", what="context", first=said, second=typed)
    if users and users > 1:
        query.context_totals.append((typed, context, users))
    return dict(context=context, users=users)


# "um ambiente de homologação antes de ir pra produção", "a staging environment before production": an environment
# said to come before production is the deployment asked about now; production is the next one.
_BEFORE_PRODUCTION = regexes.compile(
    r"\b(?P<env>(?:(?:um|uma|o|a|an?|the|our|nosso|nossa)\s+)?(?:ambiente\s+de\s+)?(?:homologacao|staging|pre-?producao"
    r"|pre-?production|testes?|qa|uat)(?:\s+(?:environment|env|ambiente))?)\b"
    r".{0,60}?\b(?P<before>(?:antes de|antes da|before)\s+(?:(?:ir|irmos|subir|subirmos|passar|passarmos|entrar"
    r"|entrarmos|going|moving|we go|go|move|promoting)\s+)?(?:(?:pra|para|a|em|to|into|live in)\s+)?(?:a\s+|the\s+)?"
    r"(?:producao|production|prod))\b"
)


def _before_production(scan: _Scan) -> None:
    """_BEFORE_PRODUCTION: the environment's words and "antes de ir pra produção" read (the words between kept
    for what they say), an evaluation now and production next."""
    for m in scan.finditer(_BEFORE_PRODUCTION):
        env = scan.original[m.start("env") : m.end("env")]
        if not any(
            w in strip_accents(env.lower())
            for w in ("homolog", "staging", "pre", "ambiente", "environment", "env", "qa", "uat")
        ):
            continue  # a bare "teste antes de ir pra produção" is an evaluation word the intents read anyway
        scan.found.setdefault("intent", []).append((Intent.evaluation, env))
        scan.found["production_next"] = [(True, scan.original[m.start("before") : m.end("before")])]
        scan.blank(m.start("before"), m.end("before"))
        scan.blank(m.start("env"), m.end("env"))


def _intent(scan: _Scan) -> Intent | None:
    """Evaluating or serving in production. Both said is no contradiction: "estamos avaliando o deepseek r1
    para produção", "a POC before going to production" evaluate a production deployment, which is what to
    size; but a staging environment said to come before production ("homologação antes de ir pra produção") is
    the evaluation asked about now (production_next says production comes after)."""
    intents = {value for value, _ in scan.found.get("intent", [])}
    if scan.found.get("production_next"):
        return Intent.evaluation
    return Intent.production if Intent.production in intents else next(iter(intents), None)


# Several task words describe one use ("assistente de código"): the one that changes the advice most wins.
TASK_PRIORITY = [Task.reasoning, Task.code, Task.agent, Task.rag, Task.extraction, Task.classification, Task.summarization,
                 Task.chat]  # fmt: skip


def _speculative(scan: _Scan) -> dict:
    """Speculative decoding's fields: the method said ("com EAGLE-3"), a draft model and its precision, the
    words alone ("com speculative decoding": "auto"), or "off" ("e sem speculative decoding?")."""
    draft = _one(scan, "draft_model", "draft_model")
    method = _one(scan, "speculative", "speculative") or _one(scan, "spec_method", "speculative")
    if method is None and draft is not None:
        method = "draft_model"
    elif method not in (None, "draft_model", "off") and draft is not None:
        # "EAGLE-3 com o llama 1b como draft": two drafters at once, which vLLM does not run.
        raise QueryError("query.contradiction", what="speculative", first=scan.found["spec_method"][0][1],
                         second=scan.found["draft_model"][0][1])  # fmt: skip
    if method is None and scan.found.get("spec_words"):
        method = "auto"
    if method == "off":
        draft = None
    return {
        "speculative": method,
        "draft_model": draft,
        "draft_precision": _one(scan, "draft_precision", "precision") if draft else None,
    }


# A rate said as the peak's beside the usual one: "picos de 500 req/min", "no pico", "black friday", "peak".
_PEAK_SAID = regexes.compile(
    r"\b(?:picos?|peaks?|black\s+friday|cyber\s+monday|natal|christmas|sazonal|seasonal)\b"
)
_USUAL_WORDS = regexes.compile(
    r"normal|normalmente|usual|usualmente|normally|usually|otherwise|picos?|peaks?|habitual|habitualmente"
)
# A count right before a word: "20 mil pacientes", "20.000 patients", "5k clientes".
_COUNT_BEFORE = regexes.compile(r"\d[\d.,]*\s*(?:mil|k|milhoes|milhao|million|millions)?\s+$")
# A model made for code, by its catalogue id ("qwen3-coder-30b-a3b", "codestral-22b", "devstral-small-2").
_CODE_MODEL = regexes.compile(r"cod(?:er|e|estral)|devstral|starcoder")
# Developers counted as the people served ("15 devs", "200 desenvolvedores", "20 programadores", "50 developers").
_DEVELOPERS = regexes.compile(
    r"\b\d[\d.,]*\s*(?:mil\s+|k\s+)?(?:devs?|desenvolvedor(?:es|as)?|programador(?:es|as)?|developers?|programmers?)\b"
)


# The tasks that read what they name ("resumir relatórios", "classificar contratos"): documents are their object.
_DOCUMENT_TASKS = frozenset({Task.summarization, Task.classification, Task.extraction})


def _length_side(noun: str, fields: dict, text: str, typed: str) -> str:
    """Whether a length said of a noun (traffic_query.length_noun), as typed, is each "prompt" or each "answer": a
    prompt's or an answer's noun says it; a text the question reads (summarizing, classifying, translating,
    reviewing) is the prompt; a thing a model writes ("posts", "descrições de produto"), or any text a verb of
    writing governs ("escrever relatórios de 2000 palavras"), the answer; any other text ("redação de 600
    palavras", "gerar respostas para e-mails de 200 palavras") is read."""
    if noun in ("prompt", "answer"):
        return noun
    if (
        fields.get("task") in _DOCUMENT_TASKS
        or READ_WORDS.search(text)
        or TRANSLATE_WORDS.search(text)
        or traffic_query.reviews_documents(text)
    ):
        return "prompt"
    at = text.find(strip_accents(typed.lower()))
    written = traffic_query.written_here(text, at) if at >= 0 else traffic_query.writes(text)
    return "answer" if noun == "written" or written else "prompt"


# Each unit's rate (traffic.toml [lengths]): tokens a word, a line or a paragraph; characters a token.
_UNIT_RATES = {
    "word": lambda lengths: lengths.tokens_per_word,
    "character": lambda lengths: lengths.characters_per_token,
    "line": lambda lengths: lengths.tokens_per_line,
    "paragraph": lambda lengths: lengths.tokens_per_word * lengths.words_per_paragraph,
}


def _unit_tokens(unit: str, rate: float) -> float:
    """Tokens of one unit at its rate (_UNIT_RATES): a character is the rate's inverse."""
    return 1 / rate if unit == "character" else rate


# A length said of each question ("docs de 20 mil tokens por consulta", "10 pages per query"): a prompt's.
_PER_QUESTION = regexes.compile(
    r"\b(?:por|per|a|each|cada|em\s+cada|in\s+each)\s+(?:consulta|pergunta|requisicao|request|query|question|"
    r"chamada|call|prompt|busca|search)s?\b"
)


def _rag_documents(scan: _Scan, fields: dict, query: Query, catalog: Catalog) -> None:
    """A RAG question's documents by their length ("rag com manuais de 300 páginas", "base de conhecimento com
    pdfs de 5 mil tokens"): the collection the vector store searches, not each question's prompt (a 300-page
    manual had been refused as past Llama 3.1 70B's window). Each question reads the passages retrieved for it
    and the question (traffic.toml rag_chunks, rag_chunk_tokens, short_prompt_tokens), said in the answer."""
    if _PER_QUESTION.search(strip_accents(scan.original.lower())):
        return  # "docs de 20 mil tokens por consulta": what each question reads, as said
    typed = None
    if fields.get("prompt_pages") is not None:
        typed = next(t for pages, t in scan.found["prompt_pages"] if pages == fields["prompt_pages"])
        fields["prompt_pages"] = None
    documents = [
        t for tokens, t in scan.found.get("document_tokens", []) if tokens == fields["prompt_tokens"]
    ]
    read = [entry for entry in query.word_lengths if entry[1] == fields["prompt_tokens"]]
    if documents or read:
        typed = typed or (documents[0] if documents else read[0][0])
        query.word_lengths = [entry for entry in query.word_lengths if entry not in read]
        fields["prompt_tokens"] = None
    if typed is None or fields["prompt_tokens"] is not None:
        return
    lengths = catalog.traffic.lengths
    fields["prompt_tokens"] = lengths.rag_chunks * lengths.rag_chunk_tokens + lengths.short_prompt_tokens
    query.rag_documents.append((typed, fields["prompt_tokens"], lengths.rag_chunks, lengths.rag_chunk_tokens))


def _task(scan: _Scan) -> Task | None:
    tasks = {v for v, _ in scan.found.get("task", [])}
    return next((task for task in TASK_PRIORITY if task in tasks), None)


def _fine_tuned_how(m: re.Match) -> str:
    """How a model said to be fine-tuned already was: "lora", "qlora", or "" (not said, or a full fine-tune)."""
    how = (m.group("how") or m.group("did") or "").lower()
    return how if how in ("lora", "qlora") else ""


def _stage_at(scan: _Scan, m: re.Match, kind: str) -> str:
    """A stage word, and where it was typed (_serving_gpus reads which GPU goes with which stage by it)."""
    scan.found.setdefault("stage_at", []).append((m.start(), kind))
    if kind == "inference" and "produ" in m.group(0).lower():
        # "e depois colocar em produção", "then put it in production": serving words that also say the
        # deployment is a production one (the intent's own words are blanked by them)
        scan.found.setdefault("intent", []).append(
            (Intent.production, scan.original[m.start() : m.end()].strip())
        )
    return kind


def _serving_gpus(scan: _Scan) -> dict | None:
    """ "fine-tune do llama 70b em 8 h100 e depois servir em 2 h100 com 30 usuários": a GPU typed after the
    words for serving, in a question that names a training before them, is the serving's (sizing/serve_after.py
    sizes it there); one before them stays the training's. Takes the serving's GPU out of what _gpus_named reads
    and returns it, with what to put back (`restore`) when the question turns out to give no load to serve.
    None when no GPU follows a serving word that follows a training word."""
    stages = sorted(scan.found.get("stage_at", []))
    at, named = scan.found.get("gpu_at", []), scan.found.get("gpu", [])
    if not stages or not at or len(at) != len(named):
        return None
    training = next((start for start, kind in stages if kind != "inference"), None)
    cue = next(
        (s for s, kind in stages if kind == "inference" and training is not None and s > training), None
    )
    if cue is None:
        return None
    served = [i for i, (start, _) in enumerate(at) if start > cue]
    if not served:
        return None
    keys = ("gpu", "gpu_at", "gpu_end", "gpu_count_at", "gpus")
    restore = {key: list(scan.found[key]) for key in keys if key in scan.found}
    count_at = dict(scan.found.get("gpu_count_at", []))
    kept = [i for i in range(len(named)) if i not in served]
    new_index = {old: new for new, old in enumerate(kept)}
    serving_index = {old: new for new, old in enumerate(served)}
    ends = scan.found.get("gpu_end", [])
    serving: dict[str, list] = {
        "gpu": [named[i] for i in served],
        "gpu_at": [at[i] for i in served],
        "gpu_end": [(end, serving_index[i]) for end, i in ends if i in serving_index],
        "gpu_count_at": [(s, n) for s, n in count_at.items() if s > cue],
        "gpus": [],
    }
    scan.found["gpu"] = [named[i] for i in kept]
    scan.found["gpu_at"] = [at[i] for i in kept]
    scan.found["gpu_end"] = [(end, new_index[i]) for end, i in ends if i in new_index]
    scan.found["gpu_count_at"] = [(s, n) for s, n in scan.found.get("gpu_count_at", []) if s < cue]
    for start, n in count_at.items():  # the counts typed beside the serving's GPUs (the last ones read)
        gpus = scan.found.get("gpus", [])
        if (
            start > cue
            and (last := next((j for j in reversed(range(len(gpus))) if gpus[j][0] == n), None)) is not None
        ):
            serving["gpus"].append(gpus.pop(last))
    training = {key: scan.found.pop(key) for key in keys if key in scan.found}
    # "e depois servir em h100 ou h200": the serving's GPUs read as a question's are, a choice compared
    scan.found.update({key: value for key, value in serving.items() if value})
    mixed = scan.found.pop("mixed_gpus", None)
    named_for_serving = _gpus_named(scan)
    scan.found.pop("mixed_gpus", None)  # the serving's own mix is not said of the training
    if mixed:
        scan.found["mixed_gpus"] = mixed
    for key in keys:
        scan.found.pop(key, None)
    scan.found.update({key: value for key, value in training.items() if value})
    return dict(named_for_serving, restore=restore)


# A fine-tune's data up to sizing/plan.py's ADAPTER_DATA_* is instruction-tuning sized: with no method said, LoRA.


def _method_unsaid(scan: _Scan, workload: dict) -> bool:
    """A training read as a full fine-tune from the plain words for training or fine-tuning alone ("treinar",
    "ajuste fino", "fine-tuning": no method among them), and nothing said that only a full fine-tune has (an
    optimizer, a ZeRO stage or FSDP, CPU offload, a method such as DPO or GRPO, a teacher, a precision below 16
    bits, a tensor or pipeline layout, a global batch across GPUs: a recipe whose method is settled)."""
    words = {kind for kind, _ in scan.found.get("stage", [])} - {"inference"}
    if not words or not words <= {"train", "fine_tune"}:
        return False
    if _TRAINED_WHOLE.search(strip_accents(scan.original)):
        return False  # "treinar o Qwen2.5 7B completo": the whole model, a full fine-tune said
    if any(
        scan.found.get(k)
        for k in (
            "method",
            "optimizer",
            "zero",
            "cpu_offload",
            "teacher_model",
            "pp",
            "tp",
            "ep",
            "cp",
            "global_batch",
        )
    ):
        return False
    return workload.get("precision") in (None, "bf16", "fp16")


def _data_said(workload: dict) -> bool:
    """Whether the question says how much data the fine-tune learns from."""
    return any(workload.get(k) for k in ("tokens", "examples", "data_bytes", "prompt_pages"))


def _adapter_for_data(scan: _Scan, workload: dict) -> bool:
    """A training with no method said (_method_unsaid), with a dataset said of instruction-tuning size."""
    if not _method_unsaid(scan, workload):
        return False
    tokens, examples = workload.get("tokens"), workload.get("examples")
    if tokens:
        return tokens <= ADAPTER_DATA_TOKENS
    if not examples and (size := workload.get("data_bytes")):
        return size / BYTES_PER_TOKEN <= ADAPTER_DATA_TOKENS  # its tokens as sizing/plan.py estimates them
    if not examples and (pages := workload.get("prompt_pages")):
        return pages <= ADAPTER_DATA_PAGES  # the pages are the data (sizing/plan.py counts their tokens)
    return bool(examples) and examples <= ADAPTER_DATA_EXAMPLES


# Compute-optimal training: ~20 tokens per parameter (Hoffmann et al. 2022, "Chinchilla", arXiv:2203.15556).
TOKENS_PER_PARAM = 20
FROM_SCRATCH = regexes.compile(r"\bdo\s+zero\b|\bfrom\s+scratch\b|\bdesde\s+o\s+inicio\b")


def _compute_optimal_size(scan: _Scan, fields: dict, stage: Stage | None) -> str | None:
    """A pre-training from scratch with its tokens counted and no model nor size: the compute-optimal size for
    those tokens, two significant figures in billions ("50b" for 1T tokens), or None. A continued pre-training
    needs the model it continues."""
    tokens = fields.get("tokens")
    if (
        stage is not Stage.pretrain
        or not tokens
        or not FROM_SCRATCH.search(strip_accents(scan.original.lower()))
    ):
        return None
    billions = float(f"{tokens / TOKENS_PER_PARAM / 1e9:.2g}")
    if billions < 0.1:
        return None  # under 100M parameters: no model shape in the catalogue to stand for it
    return f"{billions:g}b"


def _loaded_in_4bit(scan: _Scan, precision: str | None) -> bool:
    """A base said in 4 bits that is not a checkpoint of its own (AWQ, GPTQ): how bitsandbytes loads it for QLoRA."""
    return precision in ("int4", "nf4") and not any(
        f in scan.found["precision"][0][1].lower() for f in ("awq", "gptq")
    )


def _adapter_key(scan: _Scan) -> str | None:
    """The key of an adapter being trained, as typed ("lora_r: 16", "--lora_rank 8"): PEFT's and the trainers'
    (LoraConfig(r=...), Axolotl's lora_r, LLaMA-Factory's lora_rank); a served adapter's rank is vLLM's
    --max-lora-rank, read apart. None when none was typed."""
    if scan.found.get("lora_adapters"):
        return None
    return next(
        (
            typed
            for _, typed in scan.found.get("lora_rank", [])
            if re.match(r"lora_r(?:ank)?\b", typed.lower())
        ),
        None,
    )


def _stage_of_settings(scan: _Scan) -> Stage | None:
    """A trainer's config pasted with no word for training ("micro_batch_size 4, gradient_accumulation_steps 16,
    lora_r 32", a YAML with per_device_train_batch_size): settings only a training run has say it is one, LoRA
    where an adapter's rank is among them (it had been a serving of 4 users, the micro-batch read as them)."""
    keyed = any(MICRO_BATCH.fullmatch(typed) for _, typed in scan.found.get("batch_per_gpu", []))
    # "zero3 llama 3.1 8b em 2 gpus de 24gb", "DeepSpeed ZeRO-3 per GPU memory for a 13B model": ZeRO and FSDP
    # shard only a training's gradients and optimizer states (Rajbhandari et al. 2019, arXiv:1910.02054), so
    # with no users to serve they say a training (it had been a serving, told that ZeRO does not apply)
    sharded = bool(scan.found.get("zero")) and not scan.found.get("users")
    # "lora_r: 16", "--lora_rank 8": PEFT's and the trainers' key for an adapter being trained (LoraConfig(r=...),
    # Axolotl's lora_r, LLaMA-Factory's lora_rank); a served adapter's rank is vLLM's --max-lora-rank, read apart
    adapter_key = _adapter_key(scan) is not None
    if not (keyed or sharded or adapter_key or scan.found.get("grad_accum")):
        return None  # "batch 32 por gpu" alone may be a server's sequences decoded together
    return Stage.lora if scan.found.get("lora_rank") else Stage.full


def _stage(scan: _Scan) -> Stage | None:
    """The stage the words name. The most specific training word wins ("ajuste fino com LoRA" is LoRA,
    "treinar um QLoRA" is QLoRA); words that name two different trainings are a contradiction."""
    words: dict[str, str] = {}
    for kind, typed in scan.found.get("stage", []):
        words.setdefault(kind, typed)
    if not words:
        return _stage_of_settings(scan)
    training = [kind for kind in STAGE_WORDS if kind in words and kind != "inference"]
    if not training:
        return Stage.inference
    if (
        training == ["full"]
        and words["full"].lower() == "full"
        and ("inference" in words or scan.found.get("users"))
    ):
        # "rodar o deepseek r1 full", "serve the full model": the whole model, to run, not a full fine-tune;
        # "deepseek r1 full 10 users": people using it say the same (it had been a full fine-tune for 10 users)
        return Stage.inference
    adapter = next((kind for kind in ("qlora", "lora") if kind in words), None)
    if adapter is None and set(training) <= {"train", "fine_tune"} and _adapter_key(scan) is not None:
        # "python train.py ... --lora_r 16": the adapter's rank says which training (it had been a full
        # fine-tune with a LoRA rank beside it)
        return Stage.lora
    if adapter:
        other = next((kind for kind in ("full", "pretrain") if kind in words), None)
        if other:
            raise QueryError("query.contradiction", what="stage", first=words[adapter], second=words[other])
        return STAGE_OF[adapter]
    full = next((kind for kind in ("full", "fine_tune") if kind in words), None)
    if full and "pretrain" in words:
        raise QueryError("query.contradiction", what="stage", first=words[full], second=words["pretrain"])
    # "treinar o llama 8b com 50 mil exemplos": a dataset counted in examples (or epochs), with no tokens, is
    # a fine-tune's; the plain word for training is then a full fine-tune, not a pre-training.
    if (
        training == ["train"]
        and ("examples" in scan.found or "epochs" in scan.found)
        and "tokens" not in scan.found
    ):
        return Stage.full
    # "treinar o llama 8b com grpo", "train it with DPO": a method of fitting the weights (RL, preference
    # tuning) says a fine-tune; only a pre-training said in words contradicts it (below).
    if training == ["train"] and "method" in scan.found:
        return Stage.full
    # "treinar o modelo para responder como o nosso suporte": trained to do something, a fine-tune (TEACH)
    if training == ["train"] and TRAINED_TO.search(strip_accents(scan.original)) and "pretrain" not in words:
        return Stage.full
    # "treinar o Qwen2.5 7B completo com 100 milhões de tokens": a released model trained whole on a dataset is
    # a full fine-tune (it had been a pre-training); continuing its pre-training takes those words (vocabulary)
    if (
        training == ["train"]
        and scan.found.get("model")
        and _TRAINED_WHOLE.search(strip_accents(scan.original))
    ):
        return Stage.full
    return STAGE_OF[training[0]]


_TRAINED_WHOLE = regexes.compile(
    r"\b(?:complet[oa]|inteir[oa]|fully|todos os (?:seus )?(?:pesos|parametros))\b"
)


# A runtime's name that only implies its usual file ("ollama": Q4_K_M) yields to a precision typed with it.
# "gguf" alone: a llama.cpp file of no type said; "lm studio" and "llama.cpp" run those files as Ollama does.
RUNTIME_DEFAULTS = {"ollama", "gguf", "lmstudio", "llamacpp"}
# A width alone, as typed ("2bit", "2 bits", "1.58-bit"; normalized): the file type it stands for yields to a
# format of that width named with it.
BARE_WIDTH = regexes.compile(r"\d+bits?")


# A width said loosely ("q4", "4bit", "8 bits") where only llama.cpp's files run, a Mac or a llama.cpp runtime
# (RUNTIME_DEFAULTS): that width's usual GGUF file, as Ollama's tags default to (README: a Mac is offered GGUF
# only). "devstral small em q4 no mac" had been INT4 AWQ/GPTQ, which a Mac cannot run.
GGUF_OF_WIDTH = {"int4": "q4_k_m", "fp8": "q8_0"}
_LOOSE_WIDTH = regexes.compile(r"q4|\d+bits?")


def _precisions_offered(scan: _Scan) -> bool:
    """Two precisions of one width offered as a choice ("nvfp4 vs awq", "gptq ou awq"): not one precision said
    twice, as "4bit awq" is (the AWQ side had been dropped)."""
    found = scan.found.get("precision", [])
    spans = sorted((at, at + len(word)) for _, word in found if (at := scan.original.find(word)) >= 0)
    return len(spans) == 2 == len(found) and bool(
        PRECISION_OR.fullmatch(scan.original, spans[0][1], spans[1][0])
    )


def _gguf_repo_typed(text: str) -> bool:
    """Whether a GGUF repo in the text names its file's type ("-GGUF:Q5_K_M", "-Q6_K-GGUF"); one of no type said
    does not, and neither does another format ("-AWQ"), which a llama.cpp runtime cannot run."""
    for m in REPO.finditer(text.lower()):
        if "gguf" not in m.group(0):
            continue
        try:
            precision = repo_precision(m.group(1) + (m.group(2) or ""))[1]
        except SizingError:
            continue
        if precision not in (None, "gguf"):
            return True
    return False


def _precision(scan: _Scan, catalog: Catalog) -> str | None:
    found = scan.found.get("precision", [])
    typed = [(v, t) for v, t in found if normalize(t) not in RUNTIME_DEFAULTS]
    llama_cpp = len(typed) < len(found) or any(
        str(v).startswith("mac-") for v, _ in scan.found.get("gpu", [])
    )
    if llama_cpp and typed:
        typed = [
            (GGUF_OF_WIDTH.get(v, v) if _LOOSE_WIDTH.fullmatch(normalize(t)) else v, t) for v, t in typed
        ]
    if found and not typed and _gguf_repo_typed(scan.original):
        # "bartowski/...-GGUF:Q5_K_M no llama.cpp", "ollama run hf.co/...:Q6_K": the file the repo names is the
        # one the runtime runs; its usual file had stood in for it (Q4_K_M).
        return None
    if typed and (len(typed) < len(found) or typed != found):
        found = scan.found["precision"] = typed
    values = list(dict.fromkeys(v for v, _ in found))
    if len(values) <= 1:
        return values[0] if values else None
    # "4bit awq", "8bit int8", "2 bit iq2_m": a shorthand and a specific format of the same width are one
    # precision.
    precisions = [catalog.precision(v) for v in values]
    widths = {p.nominal_bits for p in precisions}
    if len(widths) == 1 and not _precisions_offered(scan):
        shorthand = {"int4", "fp8", "bf16"} | {v for v, t in found if BARE_WIDTH.fullmatch(normalize(t))}
        specific = [p.id for p in precisions if p.id not in shorthand or len(values) == 1]
        if len(specific) <= 1:
            return specific[0] if specific else values[0]
    typed = list(dict.fromkeys(t for _, t in scan.found["precision"]))
    # "GPTQ 8bit", "8-bit gptq", "gptq em 8 bits": a method and a width that together name one precision.
    index = _indexes(catalog)["precision"]
    if len(typed) == 2:
        for a, b in (typed, typed[::-1]):
            method, width = normalize(strip_accents(a)), normalize(strip_accents(b)).removeprefix("em")
            found = index.get(method + width) or index.get(method + width.removeprefix("de"))
            if found is not None:
                return found.id
    # "fp8 ou int4", "4bit or 8bit", "int4 vs fp8": a choice between precisions. The first is sized, and the
    # answer says the others were not (Query.precision_choices).
    spans = sorted(
        (at, at + len(word), value)
        for value, word in scan.found["precision"]
        if (at := scan.original.find(word)) >= 0
    )
    if len(spans) == len(scan.found["precision"]) and all(
        PRECISION_OR.fullmatch(scan.original, a[1], b[0]) for a, b in itertools.pairwise(spans)
    ):
        said = [scan.original[a:b] for a, b, _ in spans]
        choice = (scan.original[spans[0][0] : spans[-1][1]], said[0], said[1])
        scan.found["precision_choice"] = [(choice, choice[0])]
        return spans[0][2]
    raise QueryError("query.contradiction", what="precision", first=typed[0], second=typed[-1])


def _gpus_named(scan: _Scan) -> dict:
    """The GPU asked about and its count. Several GPUs named ("H100 ou H200?", "h100/h200", "L40S vs
    A100") are a comparison, not a contradiction: the first is answered as the named GPU and each other one
    gets its own verdict; a count goes with the first GPU's (the others are weighed at the same count)."""
    named = scan.found.get("gpu", [])
    names = list(dict.fromkeys(v for v, _ in named))
    other_counts = [v for v, _ in scan.found.get("gpu_count_other", [])]
    if len(names) == 1 and (other_counts or _same_gpu_counts(scan)):
        # "2 ou 4 H100?", "H100 x2 ou 4xH100?": one GPU at counts to choose between, weighed as two GPUs are.
        # In the order typed (the longest names were read first: "H100 x2 ou 4xH100" starts with the 2).
        counts = list(dict.fromkeys(n for _, n in sorted(scan.found.get("gpu_count_at", []))))
        counts += [n for n in other_counts if n not in counts]
        return dict(
            gpu=names[0], gpus=counts[0], compare_gpus=names * (len(counts) - 1), compare_counts=counts[1:]
        )
    if not names and other_counts:
        # "2 gpus ou 4?": the counts weighed on the GPU the recommendation picks (sizing/engine.py)
        return dict(gpu=None, gpus=_one(scan, "gpus", "gpus"), compare_counts=other_counts)
    if len(names) < 2:
        return dict(gpu=_one(scan, "gpu", "gpu"), gpus=_one(scan, "gpus", "gpus"))
    at = sorted(scan.found.get("gpu_at", []))
    if len(at) == len(named):
        # In the order typed (the longest names were read first: "h200 ou 2x h100" starts with the H200).
        names = list(dict.fromkeys(gpu for _, gpu in at))
        ends = sorted(end for end, _ in scan.found.get("gpu_end", []))
        joints = (
            [scan.original[ends[i] : at[i + 1][0]] for i in range(len(at) - 1)]
            if len(ends) == len(at)
            else []
        )
        if (
            joints
            and all(_GPUS_TOGETHER.fullmatch(j) for j in joints)
            and ("+" in "".join(joints) or scan.found.get("gpu_count_at"))
            and not COMPARING.search(scan.original)
            # "2 ou 4 h100 e h200": a choice of counts is no machine's cards
            and not scan.found.get("gpu_count_choice_at")
        ):
            # "2 L40S + 1 A100", "tenho 2 l40s e 1 a100": cards of several kinds in one machine; each kind is
            # weighed on its own, and the answer says why (a note: vLLM splits a model over cards of one kind).
            typed = scan.original[at[0][0] : ends[-1]].strip()
            start = _COUNT_BEFORE_MIX.search(scan.original, 0, at[0][0])
            scan.found["mixed_gpus"] = [
                (True, (scan.original[start.start() : ends[-1]] if start else typed).strip())
            ]
    if (setups := _setups_listed(scan, at, named)) is not None:
        return setups
    counts = list(dict.fromkeys([n for n, _ in scan.found.get("gpus", [])[:1]] + other_counts))
    if (
        other_counts
        and len(counts) > 1
        and not scan.found.get("gpu_count_at")
        and len(at) == len(named) == len(names)
        and len(names) * len(counts) <= _MOST_CHOICES
        and not scan.found.get("mixed_gpus")
    ):
        # "h100 ou h200 com 2 ou 4 gpus", "2 ou 4 gpus, h100 ou h200": the counts said apart are each GPU's,
        # every pairing weighed (the 4 had been dropped)
        setups = [(gpu, n) for gpu in names for n in counts]
        return dict(gpu=setups[0][0], gpus=setups[0][1], compare_gpus=[g for g, _ in setups[1:]],
                    compare_counts=[n for _, n in setups[1:]])  # fmt: skip
    counts = [v for v, _ in scan.found.get("gpus", [])]
    adjacent = dict(scan.found.get("gpu_count_at", []))
    if not adjacent and (ones := [start for start, _ in scan.found.get("gpu_one_on", [])]):
        # "numa h100 ou numa h200", "on an H100 or on an H200": one GPU where it runs, on each side (they had
        # been weighed at the count each needs; "uma L40S ou uma A100?" alone still asks which GPU)
        adjacent, counts = dict.fromkeys(ones, 1), [1] * len(ones)
    if adjacent and len(adjacent) == len(counts):
        # "uma h200 ou duas h100": beside another GPU's count, the article is one of it
        for start, _ in scan.found.get("gpu_one_article", []):
            if start not in adjacent:
                adjacent[start] = 1
                counts.append(1)
    if adjacent and len(adjacent) == len(counts) and len(at) == len(named):
        # "uma h200 ou duas h100", "h200 ou 2x h100": each count with the GPU it was typed beside.
        count_of: dict[str, int] = {}
        for start, gpu in at:
            if start in adjacent:
                count_of.setdefault(gpu, adjacent[start])
        first, others = count_of.get(names[0]), names[1:]
        if not any(gpu in count_of for gpu in others):
            # "1 h100 ou h200": one GPU is each side's (the H200 had been weighed at the 2 it needs, and the
            # summary had said it alone serves the load as asked); "2 h100 ou h200": a GPU with no count of its
            # own gets its own fewest (sizing/compare.py), which may be fewer than the count said
            same = [first] * len(others) if first == 1 else None
            return dict(gpu=names[0], gpus=first, compare_gpus=others, compare_counts=same)
        compare = [count_of.get(gpu, first or 1) for gpu in others]
        return dict(gpu=names[0], gpus=first, compare_gpus=others, compare_counts=compare)
    if len(counts) == len(named) and len(names) == len(named):
        # "2 L40S ou 1 H100": each count with its GPU (both read left to right)
        return dict(gpu=names[0], gpus=counts[0], compare_gpus=names[1:], compare_counts=counts[1:])
    return dict(gpu=names[0], gpus=counts[0] if counts else None, compare_gpus=names[1:])


_CHOICE_JOINT = regexes.compile(r"\b(?:ou|or|vs\.?|versus)\b|/", re.IGNORECASE)


def _same_gpu_counts(scan: _Scan) -> bool:
    """Whether one GPU is named more than once, each time with its own count, joined by "ou", "or", "vs"
    ("H100 x2 ou 4xH100", "2x h100 or 4x h100"): a choice of counts, not a contradiction."""
    at, ends = sorted(scan.found.get("gpu_at", [])), sorted(end for end, _ in scan.found.get("gpu_end", []))
    adjacent = dict(scan.found.get("gpu_count_at", []))
    if len(at) < 2 or len(ends) != len(at) or len(adjacent) != len(at):
        return False
    if len(set(adjacent.values())) != len(adjacent):
        return False
    return all(_CHOICE_JOINT.search(scan.original, ends[i], at[i + 1][0]) for i in range(len(at) - 1))


# Between two cards of one machine: "+", "e", "and", "mais", "plus", with the second's count.
_GPUS_TOGETHER = regexes.compile(
    r"\s*(?:\+|&|\be\b|\band\b|\bmais\b|\bplus\b)\s*(?:(?:um|uma|one|an?)\s+|\d{1,2}\s*[x×]?\s*)?",
    re.IGNORECASE,
)
_COUNT_BEFORE_MIX = regexes.compile(r"\d{1,2}\s*[x×]?\s*$")
DISTILL = regexes.compile(r"\bdistil(?:l|led|lation|ado|ada)?\b", re.IGNORECASE)


def _family_and_member(scan: _Scan, catalog: Catalog) -> None:
    """'deepseek r1 distill 32b', 'llama Llama-3.1-8B': a family word next to one of the family's own models
    names that model, not a contradiction."""
    values = scan.found.get("model", [])
    if len(values) < 2:
        return
    families = family_members(catalog)
    words = [normalize(typed) for _, typed in values]
    named = [f for f in words if f in families]
    members = [(v, t) for (v, t), w in zip(values, words, strict=True) if w not in families]
    if named and members and all(v in families[f] for f in named for v, _ in members):
        scan.found["model"] = members
        return
    ids = {v for v, _ in members}
    if len(ids) == 2 and DISTILL.search(scan.original):
        # "deepseek r1 distill llama 8b", "qwen 7b distilled from r1": a distill is its student's architecture,
        # and the student is the smaller of the two models named.
        sizes = {m.id: m.params for m in catalog.all_models if m.id in ids}
        if len(sizes) == 2:
            student = min(sizes, key=sizes.__getitem__)
            scan.found["model"] = [(v, t) for v, t in members if v == student]


# A load counted in conversations, which hold several messages each ("2 mil conversas por dia", "2k chats a
# day"): without their messages said, each is one request, and the answer says so.
_CONVERSATIONS = regexes.compile(
    r"\b(?:conversas?|conversations?|atendimentos?|chats?|sessoes|sessao|sessions?|dialogos?|dialogues?)\b"
)


# What a question's load is given as, once read: with one of them, "cada uma de 500 tokens" is each request's prompt.
_LOAD_KINDS = ("rate_per_s", "requests_per_day", "requests_per_week", "requests_per_month", "rate_average", "output_volume",
               "token_volume", "input_volume", "people_per_day", "people_per_month", "requests_per_person_day",
               "batch_items")  # fmt: skip


def _direct_rate(fields: dict, seconds: float) -> float | None:
    """The requests said as such ("500 RPM", "10 mil por dia") over a volume's period; None when none were."""
    if fields.get("rate_per_s"):
        return (
            None if seconds in (traffic_query.MONTH, traffic_query.WEEK) else fields["rate_per_s"] * seconds
        )
    if fields.get("requests_per_day") and seconds == 86400:
        return fields["requests_per_day"]
    if fields.get("requests_per_month") and seconds == traffic_query.MONTH:
        return fields["requests_per_month"]
    if fields.get("requests_per_week") and seconds == traffic_query.WEEK:
        return fields["requests_per_week"]
    return None


# Fields read as one value of their kind each (_ones), by kind: the label a contradiction names. In the order
# _build reads them, among its other fields.
_SEQUENCE_FIELDS = {"seq_len": "seq_len", "batch": "batch", "global_batch": "batch", "grad_accum": "batch",
                    "steps": "steps"}  # fmt: skip
_RUN_FIELDS = {"tokens": "tokens", "days": "days", "memory_utilization": "memory_utilization", "mfu": "mfu",
               "prefill_chunk": "prefill_chunk", "prompt_limit": "prompt_limit", "hours_per_day": "hours_per_day"}  # fmt: skip
_DATA_FIELDS = {
    "data_bytes": "data_bytes",
    "lora_adapters": "lora_adapters",
    "epochs": "epochs",
    "stack": "stack",
}
_TRAINING_FIELDS = {"lora_rank": "lora_rank", "optimizer": "optimizer", "checkpointing": "checkpointing",
                    "lora_targets": "lora_targets", "cpu_offload": "cpu_offload", "offload_params": "cpu_offload"}  # fmt: skip
_REPLICA_FIELDS = {"cost_per_requests": "traffic.cost", "replicas": "replicas", "high_availability": "availability",
                   "spare_replicas": "replicas"}  # fmt: skip


def _build(scan: _Scan, query: Query, catalog: Catalog, base: Workload | None = None) -> Query:
    _family_and_member(scan, catalog)
    stages_in_turn = _stage_sequence(scan)  # before the stage words are read as one stage (_stage)
    each = scan.found.pop("tokens_each", [])
    if each:
        # "50 mil mensagens por dia, cada uma de 500 tokens": each request's prompt (it had been a 500-token
        # context); with no load, what "500 tokens" alone is, a context ("exemplos de 2 mil tokens cada").
        load = any(scan.found.get(kind) for kind in _LOAD_KINDS) or (
            base is not None
            and bool(
                base.rate_per_s
                or base.requests_per_day
                or base.requests_per_week
                or base.requests_per_month
                or base.batch_items
            )
        )
        scan.found.setdefault("prompt_tokens" if load else "context", []).extend(each)
    for (model_id, up), typed in scan.found.pop("size_step", []):
        if scan.found.get("model") or scan.found.get("size"):
            continue
        other = _size_step(model_id, up, catalog)
        if other is None:
            # the family's last size that way, or a model whose id says no release and size ("mistral-small-24b"):
            # which one is said, never guessed
            step = "query.no_size_step_up" if up else "query.no_size_step_down"
            key = step if _ID_RELEASE.match(model_id) else "query.size_step_unknown"
            raise QueryError(key, hint=None, model=catalog.model(model_id).name)
        scan.found["model"] = [(other, typed)]
        query.corrections.append((typed, catalog.model(other).name))  # "Li “modelo menor” como Qwen3 14B."
    model = _one(scan, "model", "model")
    size = _one(scan, "size", "model")
    for name, typed in scan.found.pop("platform_gpu", []):
        query.corrections.append((typed, name))  # "Li “a100” como A100 SXM 40 GB (Colab)."
    release_swap = None
    for swap, typed in scan.found.pop("release_swap", []):
        # "e com a versão 3.3?" weighing models: said which of them it is ("Li “versão 3.3” como Llama 3.3 70B.")
        release_swap = swap
        if "release_nearest" not in scan.found:  # said below, with the size it stands for
            query.corrections.append((typed, catalog.model(swap[1]).name))
    for (model_id, instead), typed in scan.found.pop("release_nearest", []):
        # "Li “versão 3” como Qwen3 8B, o tamanho mais próximo do Qwen2.5 7B nessa versão."
        query.release_nearest.append((typed, catalog.model(model_id).name, catalog.model(instead).name))
    for model_id, typed in scan.found.pop("release_tag", []):
        if model == model_id:  # "Li “mistral large 2411” como Mistral Large 2 (123B)."
            query.corrections.append((typed, catalog.model(model_id).name))
    if scan.found.get("series"):
        model, size = _series_member(scan, catalog, model, size)
        for name, typed in scan.found.pop("series_point", []):
            query.corrections.append((typed, name))
    if model and size and normalize(scan.found["model"][0][1]) in family_words(catalog):
        # "deepseek 70b", "r1 70b": a family word that is also a model's alias, with a size: the family's
        # model of that size, not a contradiction.
        model, size = f"{normalize(scan.found['model'][0][1])} {size}", None
    if model and size and not _own_size(catalog, model, size):
        # "deepseek-r1 distill 14b", "deepseek-r1 14b" (Ollama's name for the distill): a model named without
        # a size of its own, and a size that is another model of its family (the R1 distills are in the
        # deepseek and r1 families): that model. Without such a member it stays a contradiction.
        typed = scan.found["model"][0][1]
        sized_name = re.search(r"\d(?:\.\d+)?\s*[bm]\b", typed, re.IGNORECASE)  # "llama 3.1 8b" has its own
        word = _family_with_size(catalog, model, size) if not sized_name else None
        if word is not None:
            model, size = f"{word} {size}", None
            # The name was read as a model the size then replaced: what it was read as is not the answer.
            query.corrections = [c for c in query.corrections if c[0] != typed]
    if model and size and _own_size(catalog, model, size):
        size = None  # "deepseek r1 671b", "llama 4 scout 109b": the model's own size confirms its name
    named_beyond = _name_beyond(scan, query) if model and size else None
    if named_beyond is not None:
        model = None  # "llama 3.3 nemotron super 49b": NVIDIA's model, sized by its size (_parse names it)
    if model and size:
        typed = [t for _, t in scan.found["model"]] + [t for _, t in scan.found["size"]]
        raise QueryError("query.contradiction", what="model", first=typed[0], second=typed[1])
    if model:
        _family_suffix(scan, query, catalog)
    serving_gpus = _serving_gpus(scan) if "stage_at" in scan.found and "gpu_at" in scan.found else None
    off_hours = _off_hours(scan, catalog)
    fields = dict(
        precision=_precision(scan, catalog),
        **_context_and_total(scan, query),
        kv_precision=_kv_precision(scan),
        context_max=True if scan.found.get("context_max") and not scan.found.get("context") else None,
        pages_asked=True if scan.found.get("pages_asked") else None,
        capacity_asked=True
        if scan.found.get("capacity_asked") or scan.found.get("concurrency_asked")
        else None,
        users_in_europe=_users_in_europe(scan, base),
        context_per_request=True
        if any(
            _PER_REQUEST_SAID.search(strip_accents(typed.lower()))
            for _, typed in scan.found.get("context", ())
        )
        else None,
        **_gpus_named(scan),
        serving_gpu=serving_gpus["gpu"] if serving_gpus else None,
        serving_gpus=serving_gpus["gpus"] if serving_gpus else None,
        serving_compare_gpus=serving_gpus.get("compare_gpus") or None if serving_gpus else None,
        serving_compare_counts=serving_gpus.get("compare_counts") or None if serving_gpus else None,
        **_ones(scan, _SEQUENCE_FIELDS),
        **_zero_stages(scan),
        **stages_in_turn,
        compare_stages=_method_choice(scan),
        **_ones(scan, _RUN_FIELDS),
        weekdays_only=True if scan.found.get("weekdays_only") else None,
        business_hours=True if scan.found.get("business_hours") else None,
        off_hours=off_hours,
        always_on=True if scan.found.get("always_on") else None,
        examples=_one(scan, "examples", "examples"),
        example_tokens=_one(scan, "example_tokens", "example_tokens"),
        example_average=True if scan.found.get("example_average") else None,
        **_ones(scan, _DATA_FIELDS),
        task=_task(scan),
        reasoning=_one(scan, "reasoning", "reasoning"),
        intent=_intent(scan),
        production_next=True if scan.found.get("production_next") else None,
        **_traffic(scan),
        **_ones(scan, _TRAINING_FIELDS),
        vision_trained=True if scan.found.get("vision_trained") else None,
        machine=_machine(scan),
        contract=_contract(scan),
        contracts_compared=_contracts_compared(scan),
        cost_per_user=True if scan.found.get("cost_per_user") else None,
        **_ones(scan, _REPLICA_FIELDS),
        # "em duas zonas, três regiões": the most places asked for
        zones=max((v for v, _ in scan.found.get("zones", [])), default=None),
        quantize_run=True if scan.found.get("quantize_run") else None,
        residency=_residency(scan),
        **_speculative(scan),
    )
    fields.update(_images(scan, query))
    if scan.found.get("rate_off_peak"):
        # "normal 50 req/min", "peaks of 500 req/min": the words that told the two rates apart were read
        query.unknown = [u for u in query.unknown if not _USUAL_WORDS.fullmatch(strip_accents(u.lower()))]
    if fields.get("code_completion"):
        fields["task"] = Task.code  # autocomplete is a coding assistant's, whatever else was said of it
    elif (
        fields.get("task") is None
        and isinstance(model, str)
        and _CODE_MODEL.search(model)
        and _DEVELOPERS.search(strip_accents(scan.original.lower()))
    ):
        # "qwen3 coder 30b para 15 devs": developers served a coding model use it as their IDE's assistant.
        fields["task"] = Task.code
    plain = strip_accents(scan.original.lower())
    told = scan.told_of(plain)
    documents = traffic_query.documents_read(plain, told)
    if documents == "page" and query.no_images:
        documents = None  # "notas fiscais, sem imagens": the invoices come as text, about a page
    if fields.get("task") is None and documents and traffic_query.reviews_documents(plain, told):
        # "analisar contratos", "revisar os relatórios", "review our contracts": the whole document is read and
        # what matters in it pointed out, as "análise de contratos" says (the extraction task's words)
        fields["task"] = Task.extraction
    if fields.get("task") in _DOCUMENT_TASKS or (fields.get("task") is None and documents == "page"):
        # what the task reads; a document named with nothing to read it ("contrato anual", "rag sobre 10 mil
        # documentos") is no workload's
        fields["documents"] = documents
    said = scan.found.pop("answer_length_word", [])
    if said and fields["output_tokens"] is None:
        # "respostas curtas", "long answers": traffic.toml's length for them, said in the answer. A label said
        # ("resposta curta (só o rótulo)"), or a short answer of a classification, is a classification's answer
        # (it had been a chat's short reply of 200 tokens, ten times a label).
        word, typed = next((pair for pair in said if pair[0] == "classification"), said[0])
        if word == "short" and fields.get("task") is Task.classification:
            word = "classification"
        fields["output_tokens"] = getattr(catalog.traffic.lengths, f"{word}_output_tokens")
        query.answer_lengths.append((typed, fields["output_tokens"]))
    pages = scan.found.pop("output_pages", [])
    if pages and fields["output_tokens"] is None:
        # "respostas de umas 2 páginas": pages at traffic.toml's tokens a page, said in the answer
        count, typed = pages[0]
        per_page = catalog.traffic.lengths.tokens_per_page
        fields["output_tokens"] = round(count * per_page)
        query.answer_pages.append((typed, fields["output_tokens"], per_page))
    spoken = scan.found.pop("speech_minutes", [])
    each = scan.found.pop("speech_minutes_each", [])
    if each and not spoken and traffic_query.names_speech(scan.work):
        spoken = each
    elif each:
        query.unknown += [typed for _, typed in each]
    if spoken and fields["prompt_tokens"] is None:
        # "transcrições de 1 hora": the transcript is the prompt, at traffic.toml's tokens a minute of speech.
        minutes, typed = spoken[0]
        per_minute = catalog.traffic.lengths.tokens_per_speech_minute
        fields["prompt_tokens"] = max(round(minutes * per_minute), 1)
        query.speech_lengths.append((typed, fields["prompt_tokens"], per_minute))
    lengths = catalog.traffic.lengths
    for (noun, unit, count), typed in scan.found.pop("word_length", []):
        # "documentos de 2000 palavras", "textos de 2 mil caracteres": traffic.toml's tokens a unit, said in the
        # answer; "descrições de produto de 150 palavras" to write, each answer's.
        side = _length_side(noun, fields, plain, typed)
        field = "prompt_tokens" if side == "prompt" else "output_tokens"
        if fields[field] is None:
            rate = _UNIT_RATES[unit](lengths)
            fields[field] = max(round(count * _unit_tokens(unit, rate)), 1)
            if side == "answer" and noun != "answer":
                query.written_lengths.append((typed, fields[field], unit, rate))
            elif unit == "word":
                query.word_lengths.append((typed, fields[field], rate))
            else:
                query.unit_lengths.append((typed, fields[field], unit, rate))
    for tokens, typed in scan.found.pop("written_tokens", []):
        # "posts de 300 tokens para instagram": each post is an answer (it had been a 300-token context)
        field = (
            "output_tokens" if _length_side("written", fields, plain, typed) == "answer" else "prompt_tokens"
        )
        if fields[field] is None:
            fields[field] = tokens
            if field == "output_tokens":
                query.written_lengths.append((typed, tokens, None, None))
    documents_said = [t for n, t in scan.found.get("document_tokens", []) if n == fields["prompt_tokens"]]
    if (
        documents_said
        and fields["output_tokens"] is None
        and _length_side("document", fields, plain, documents_said[0]) == "answer"
    ):
        # "escrever relatórios de 2 mil tokens": the document is written, each answer's length
        fields["output_tokens"], fields["prompt_tokens"] = fields["prompt_tokens"], None
        query.written_lengths.append((documents_said[0], fields["output_tokens"], None, None))
    pages = fields.get("prompt_pages")
    typed = next((t for n, t in scan.found.get("prompt_pages", []) if n == pages), "")
    if (
        pages
        and fields["output_tokens"] is None
        and _length_side("document", fields, plain, typed) == "answer"
    ):
        # "gerar relatórios de 5 páginas": pages written, each answer's length at traffic.toml's tokens a page
        fields["output_tokens"], fields["prompt_pages"] = pages * lengths.tokens_per_page, None
        query.written_lengths.append((typed, fields["output_tokens"], "page", lengths.tokens_per_page))
    if fields.get("task") is Task.rag:
        _rag_documents(scan, fields, query, catalog)
    query.context_limit_asked = bool(scan.found.get("context_limit_asked"))
    said = scan.found.pop("prompt_length_word", [])
    if said and fields["prompt_tokens"] is None:
        # "mostly short questions", "prompts longos": traffic.toml's length for them, said in the answer.
        word, typed = said[0]
        fields["prompt_tokens"] = getattr(catalog.traffic.lengths, f"{word}_prompt_tokens")
        query.prompt_lengths.append((typed, fields["prompt_tokens"]))
    said = scan.found.pop("context_length_word", [])
    if said and fields.get("context") is None:
        # "contexto longo", "long context": traffic.toml's long context, within the model's own window
        tokens = catalog.traffic.lengths.long_context_tokens
        if model:
            tokens = min(tokens, catalog.model(model).max_context)
        fields["context"] = tokens
        query.context_lengths.append((said[0][1], tokens))
    query.precision_choices = [v for v, _ in scan.found.get("precision_choice", [])]
    query.corpus = [typed for _, typed in scan.found.get("corpus", [])]
    query.gpu_hours = [(hours, gpu, typed) for (hours, gpu), typed in scan.found.get("gpu_hours", [])]
    query.system_ram = [typed for _, typed in scan.found.get("system_ram", [])]
    query.system_ram_gb = max((gb for gb, _ in scan.found.get("system_ram", [])), default=None)
    query.cpu_only = [typed for _, typed in scan.found.get("cpu_only", [])]
    query.phone = [typed for _, typed in scan.found.get("phone", [])]
    query.frameworks = [typed for _, typed in scan.found.get("framework", [])]
    query.zero_said = list(scan.found.get("zero", []))
    if scan.found.get("mixed_gpus"):
        query.mixed_gpus = scan.found["mixed_gpus"][0][1]
    query.memory_claimed = list(scan.found.get("memory_claim", []))
    query.fine_tuned = [(typed, how) for how, typed in scan.found.get("fine_tuned", [])]
    query.kv_per_token = "token" in scan.original.lower() and bool(
        KV_PER_TOKEN.search(strip_accents(scan.original.lower()))
    )
    alone = scan.found.get("device_alone", [])
    query.device_alone = list(dict.fromkeys(typed for kind, typed in alone if kind not in ("mac", "unified")))
    query.mac_alone = list(dict.fromkeys(typed for kind, typed in alone if kind in ("mac", "unified")))
    stage = _stage(scan)
    if stage is not None and not scan.found.get("stage") and base is not None and base.stage.is_training:
        # "e com zero 3?", "e com gradient accumulation 8?" in a LoRA thread: a setting of the thread's training
        # says no other one (ZeRO alone had made it a full fine-tune); an adapter's rank still says LoRA
        stage = stage if stage is Stage.lora and base.stage is Stage.full else None
    if stage is Stage.lora and _loaded_in_4bit(scan, fields["precision"]):
        # "lora no mixtral com unsloth, 4bit": LoRA over a base loaded in 4 bits is QLoRA (NF4 with
        # bitsandbytes, as Unsloth and PEFT load it); it had been refused with that very remark. Said back.
        lora = next((typed for kind, typed in scan.found.get("stage", []) if kind == "lora"), None)
        lora = lora or _adapter_key(scan) or "LoRA"  # "lora_r: 16" with "load_in_4bit: true": no word said it
        bits = scan.found["precision"][0][1]
        query.corrections.append((f"{lora} + {bits}", "QLoRA"))
        stage, fields["precision"] = Stage.qlora, None
    period = _one(scan, "period", "days")

    def _training(stage: Stage | None) -> bool:
        # A distillation's teacher makes the question a training before its stage is set further on: its
        # layout ("cp=4", "tp 8") and period are a training's (cp had been dropped, tp read as serving GPUs).
        said = stage or (base.stage if base is not None else Stage.inference)
        return said.is_training or bool(scan.found.get("teacher_model"))

    serving = not _training(stage)
    if scan.found.get("rate_asked"):
        fields["rate_asked"] = True
    if base is not None and _COST_PER_PERIOD.match(strip_accents(scan.original.lower())):
        # "e por hora?", "and per month?" under an answer: what it costs, as "quanto custa?" asks
        fields["cost"] = True
    if _one(scan, "cost_year", "days") is not None:
        # "quanto custa por ano?": a service's money for a year, over the term the question gives, else a year.
        fields["cost"] = True
        period = period or (365 if serving else None)
    if period is not None:
        # "por 12 meses": the time a training run may take, or the term a service is rented for.
        training = _training(stage)
        if training:
            fields["days"] = fields["days"] or period
        else:
            fields["term_days"] = period
            if _TERM_TOTAL.search(strip_accents(scan.original.lower())):
                # "por 24 meses dedicado, total?": the term's money, as "quanto custa no total?" asks (the
                # total line had been left out, the question read as a sizing alone)
                fields["cost"] = True
    tp = _one(scan, "tp", "tp")
    gpus_said = fields["gpus"] is not None
    if tp is not None:
        # Tensor parallel 8: how a training run splits the model, or for serving simply 8 GPUs.
        training = _training(stage)
        if training:
            fields["tp"] = tp
        elif fields["gpus"] is None:
            fields["gpus"] = tp
            fields["gpus_from_layout"] = True
    if fields["cpu_offload"] and any("fsdp" in typed.lower() for _, typed in scan.found.get("zero", [])):
        # FSDP's only CPU offload moves the parameters (and their gradients) to the host.
        fields["offload_params"] = True
    servers = _one(scan, "servers", "gpus")
    if servers is not None:
        # Whole servers of the GPU named here or before: as many GPUs as one server of it holds.
        gpu = fields["gpu"] or (base.gpu if base is not None else None)
        if gpu is None and fields["gpus"] is None:
            # "llama 8b em 2 servidores": machines with no GPU said, theirs or ours; sized on our GPUs, as
            # "4 servidores com 8 gpus" is, and the answer says so (it had been "Não entendi").
            query.noted = [*query.noted, "servers_no_gpu"]
            query.noted_names = {**query.noted_names, "servers_no_gpu": scan.found["servers"][0][1]}
        elif gpu is None or fields["gpus"] is not None:
            query.unknown.extend(typed for _, typed in scan.found["servers"])
        else:
            try:
                per = _per_server(resolve_gpu(gpu, catalog), catalog)
            except SizingError:
                per = None
            if per:
                fields["gpus"] = servers * per
    # "how many A100 hours?" of a training (a distillation's teacher makes one, its stage set further on): the
    # run's total on that GPU (advice.estimates)
    hours_asked = (not serving or bool(scan.found.get("teacher_model"))) and _gpu_hours_asked(scan)
    if (
        fields["gpu"]
        and fields["gpus"] is None
        and (
            _how_many_gpus(scan)
            or _gpu_in_plural(scan)
            or hours_asked
            or (serving and _bare_gpu_under_load(scan, fields, base))
        )
    ):
        fields["gpus_asked"] = True  # "quantas H100 preciso?": the fewest of it that serve lead the answer
        if hours_asked:
            fields["gpu_hours_asked"] = True
    if scan.found.get("gpu_hours") and not serving:
        fields["gpu_hours_budget"] = scan.found["gpu_hours"][0][0]  # what a training's data may come from
    methods = scan.found.get("method", [])
    if any(kind == "rloo" for kind, _ in methods):
        # "RLOO com RLVR": RL with verifiable rewards is where RLOO's rewards come from (functions), not GRPO.
        verifiable = [(k, typed) for k, typed in methods if k == "grpo" and strip_accents(typed) == "rlvr"]
        methods = [m for m in methods if m not in verifiable]
        scan.found.setdefault("rl_reward_model", []).extend((False, typed) for _, typed in verifiable)
    if any(kind in ("grpo", "ppo", "rloo") for kind, _ in methods):
        # "ppo ... com reward model a partir do llama 8b": beside an RL method, a reward model said with its base
        # is where its rewards come from, not a reward model's own training (it had been two methods)
        based = [(k, typed) for k, typed in methods if k == "reward" and not LEARNING_A_REWARD.search(typed)]
        methods = [m for m in methods if m not in based]
        scan.found.setdefault("rl_reward_model", []).extend((True, typed) for _, typed in based)
        scan.found["method"] = [(kind, typed) for kind, typed in methods if kind != "rl"]
    else:
        # "aprendizado por reforço", "RL" with no method named: GRPO, what RL fine-tunes run now (said).
        scan.found["method"] = [("grpo" if kind == "rl" else kind, typed) for kind, typed in methods]
    method = _one(scan, "method", "method")
    rl = (
        Method(method).is_rl
        if method
        else (base is not None and base.method is not None and base.method.is_rl)
    )
    for kind in ("rl_generations", "rl_generation", "rl_reference", "rl_reward_model", "rl_reward_models"):
        value = _one(scan, kind, kind)
        if value is not None and rl:
            fields[kind] = value
    if fields.get("rl_reward_models"):
        fields["rl_reward_model"] = True  # "dois reward models": rewards from reward models, however many
    completion = _one(scan, "rl_completion", "completion")
    if completion is not None and rl and not fields.get("output_tokens"):
        fields["output_tokens"] = completion
    prompt = _one(scan, "rl_prompt", "prompt")
    if prompt is not None and rl and not fields.get("prompt_tokens"):
        fields["prompt_tokens"] = prompt
    if method is not None:
        base_stage = stage or (base.stage if base is not None else None)
        if base_stage is Stage.pretrain:
            typed = next(
                (t for k, t in scan.found.get("stage", []) if STAGE_OF[k] is Stage.pretrain), "pretrain"
            )
            raise QueryError(
                "query.contradiction", what="stage", first=typed, second=scan.found["method"][0][1]
            )
        if base_stage in (None, Stage.inference):
            stage = Stage.full  # a preference tune of every weight unless LoRA/QLoRA is said
        fields["method"] = Method(method)
    pp = _one(scan, "pp", "pp")
    if pp is not None:
        # Pipeline stages: how a training run splits the layers (a served model's split follows its GPUs).
        training = _training(stage)
        if training:
            fields["pp"] = pp
        elif not gpus_said:
            fields["gpus"] = (tp or 1) * pp  # "tp=2 pp=2" serves on 4 GPUs (vLLM: TP x PP of them)
            fields["gpus_from_layout"] = True
    ep = _one(scan, "ep", "ep")
    if ep is not None and _training(stage):
        # Expert-parallel ranks: how a training run splits an MoE's experts (sizing/training.py). Served, vLLM's
        # expert parallelism holds the same bytes per GPU as its tensor parallelism: nothing to size.
        fields["ep"] = ep
    cp = _one(scan, "cp", "cp")
    if _training(stage):
        # Context-parallel ranks split each sequence's tokens (sizing/training.py); served, nothing to size.
        if cp is not None:
            fields["cp"] = cp
        if _one(scan, "selective_recompute", "selective_recompute"):
            fields["selective_recompute"] = True
        if _one(scan, "eager_attention", "eager_attention"):
            fields["eager_attention"] = True
        if _one(scan, "dualpipe", "dualpipe"):
            fields["dualpipe"] = True
        virtual = _one(scan, "virtual_stages", "virtual_stages")
        schedule = _one(scan, "pipeline_schedule", "pipeline_schedule") or (
            "interleaved" if virtual else None
        )
        if schedule:
            fields["pipeline_schedule"] = schedule
        if virtual:
            fields["virtual_stages"] = virtual
        if _one(scan, "compiled", "compiled"):
            fields["compiled"] = True
        if _one(scan, "pure_bf16", "pure_bf16"):
            fields["pure_bf16"] = True
        if _one(scan, "async_tp", "async_tp"):
            fields["async_tp"] = True
        if _one(scan, "nvme_offload", "nvme_offload"):
            # ZeRO-Infinity: the NVMe named alone or with the weights offloads both (offload_param and
            # offload_optimizer on it); with the optimizer's offload alone, that one
            fields["nvme_offload"] = True
            if not fields["cpu_offload"]:
                fields["offload_params"] = True
        if _one(scan, "cut_cross_entropy", "cut_cross_entropy"):
            fields["cut_cross_entropy"] = True
        if (dropout := _one(scan, "lora_dropout", "lora_dropout")) is not None:
            fields["lora_dropout"] = dropout
        if _one(scan, "context_split", "context_split") and cp is None:
            fields["context_split"] = True
    query.lang = _one(scan, "lang", "lang")
    average = _one(scan, "users_average", "users")
    at_once = _one(scan, "users_at_once", "users")
    if average is not None and fields["users"] is None and at_once is None:
        fields["users"] = average  # an average alone is the count said
    held = _held_trade_count(scan, fields)
    if at_once is not None and held is not None and held[1] > at_once:
        # "20 atendentes e 100 funcionários, 10 ao mesmo tempo": the attendants each hold a conversation all day,
        # so a count at once smaller than theirs is the head-count's people at once, beside them (the 20 had been
        # lost, 10 conversations sized); the answer says how it was read
        query.held_beside_at_once.append((held[0], held[1], at_once, fields["population"]))
        at_once += held[1]
        fields["users"] = None
    if at_once is not None:
        if fields["users"] is not None and fields["users"] > at_once:
            # "2 mil usuários, mas só 100 ao mesmo tempo", "500 pessoas, 50 simultaneamente": the people, and
            # those at once (sizing/plan.py sizes these, and says the head-count was not used).
            fields["population"] = fields["population"] or fields["users"]
        elif fields["users"] not in (None, at_once):
            raise QueryError(
                "query.contradiction", what="users", first=str(fields["users"]), second=str(at_once)
            )
        fields["users"], fields["users_at_once"] = at_once, True
        # "lote de 64 prompts": the count at once is the batch's own, said as a batch (not "64 usuários")
        fields["users_batch"] = _one(scan, "users_batch", "users") == at_once or None
    elif (
        fields["users"]
        and fields["population"]
        and fields["users"] < fields["population"]
        and traffic_query.names_at_once(strip_accents(scan.original.lower()))
    ):
        # "5000 clientes, 300 atendentes usando ao mesmo tempo": the users beside a head-count, said to be at
        # once (they had been shown as such and the head-count's estimate sized).
        fields["users_at_once"] = True
    limits = scan.found.get("users_limit")
    if limits and fields["users"] is not None and len(scan.found.get("users", ())) == len(limits):
        # "--max-num-seqs 64" and no users in words: a ceiling the engine fills as its KV cache allows
        # (sizing/plan.py); "64 usuários ... --max-num-seqs 64" is the load, as before.
        fields["users_limit"] = not fields.get("users_at_once") or None
    if fields["users"] and (noun := _users_noun(scan, fields["users"])):
        fields["users_noun"] = noun
    for counts, typed in scan.found.get("users_summed", []):
        query.users_summed.append((typed, counts))
    query.products = [(typed, *factors) for factors, typed in scan.found.get("products", [])]
    query.summed_head_count = bool(scan.found.get("summed_head_count"))
    for (people, at_once, held), typed in scan.found.get("mixed_groups", []):
        query.mixed_groups.append((typed, people, at_once, held))
        fields["users_beside_population"] = True
    for corrected, _typed in reversed(scan.found.get("corrected", [])):
        query.corrected.append(corrected)
    query.vague_counts = [(typed, n) for n, typed in scan.found.get("vague_counts", [])]
    query.vague_many = [(typed, n) for n, typed in scan.found.get("vague_many", [])]
    query.amount_a_month = [(typed, amount) for amount, typed in scan.found.get("amount_a_month", [])]
    for (pilot, production), _typed in scan.found.get("rate_phases", []):
        query.rate_phases.append((pilot, production))
    for pilot, typed in scan.found.get("pilot_users", []):
        if fields["users"] and pilot < fields["users"] and not fields.get("users_at_once"):
            # "piloto com 10 usuários e depois 100": the production sized, the pilot said in a note.
            fields["pilot_users"] = pilot
            query.phases.append((typed, pilot, fields["users"]))
    count = _one(scan, "load_count", "traffic.population")
    bare = _one(scan, "bare_count", "traffic.population")
    if count is not None:
        # "e se forem 8 mil?": the thread's people, or its conversations at once, now this many.
        counted = next((k for k in ("population", "users") if base is not None and getattr(base, k)), None)
        if counted is not None and fields[counted] is None:
            fields[counted] = count
            typed = scan.found["load_count"][0][1]
            if (
                counted == "users"
                and count > base.users
                and (traffic_query.count_when(typed) or traffic_query.count_next(typed))
            ):
                # "e se crescer pra 200 em 6 meses?": the thread's count today, the one asked then, as the phases
                # of a first question ("hoje 20 usuários, em 6 meses 200") are read
                fields["pilot_users"] = base.users
                query.phases.append((typed, base.users, count))
                if base.intent is Intent.evaluation and fields["intent"] is None:
                    fields["intent"] = Intent.production  # "piloto com 10" then "e depois 300?": production's
        elif counted is None and base is not None and bare is None and fields["users"] is None:
            bare = count  # "e pra 4?" in a thread that counted no one: read as "e com 4?" is
            scan.found["bare_count"] = scan.found["load_count"]
        else:
            query.unknown += [typed for _, typed in scan.found["load_count"]]
    if bare is not None and base is not None:
        reading = _bare_count(bare, base, catalog, on=bool(scan.found.get("bare_count_on")))
        if reading is None or fields[reading] is not None:
            query.unknown += [typed for _, typed in scan.found["bare_count"]]
        elif reading == "rate_per_s":
            fields["rate_per_s"], fields["rate_period_s"] = bare / base.rate_period_s, base.rate_period_s
        else:
            fields[reading] = bare
    _people_total(scan, fields, base, query)
    # "throughput de 5000 tokens/s", "1M de tokens gerados por dia": the service's answers, each of the
    # answer length (given, the thread's, or traffic.toml's), make its request rate. "500k tokens por dia":
    # prompts and answers together, each request the two lengths.
    split = scan.found.pop("volume_split", [])
    if split:
        # "2M tokens per day, 80% input 20% output": the volume's prompts and answers, as if said apart.
        volume = scan.found.get("token_volume", [])
        if len(volume) == 1 and not {"input_volume", "output_volume"} & set(scan.found):
            (tokens, seconds), typed = volume[0]
            share = split[0][0]
            scan.found["input_volume"] = [((tokens * share, seconds), typed)]
            scan.found["output_volume"] = [((tokens * (1 - share), seconds), typed)]
            del scan.found["token_volume"]
        else:
            query.unknown += [typed for _, typed in split]
    bare = scan.found.pop("output_volume_bare", [])
    if bare:
        # "2M tokens per day of input and 500k tokens output": the answers' volume in the period said before.
        periods = [v[1] for k in ("input_volume", "token_volume") for v, _ in scan.found.get(k, [])]
        if periods and "output_volume" not in scan.found:
            scan.found["output_volume"] = [((tokens, periods[0]), typed) for tokens, typed in bare]
        else:
            query.unknown += [typed for _, typed in bare]
    bare = scan.found.pop("input_volume_bare", [])
    if bare:
        periods = [v[1] for v, _ in scan.found.get("output_volume", [])]
        if periods and "input_volume" not in scan.found:
            scan.found["input_volume"] = [((tokens, periods[0]), typed) for tokens, typed in bare]
        else:
            query.unknown += [typed for _, typed in bare]
    inputs = _one(scan, "input_volume", "traffic.rate")
    if inputs is not None and "output_volume" not in scan.found:
        scan.found["token_volume"] = [(inputs, typed) for _, typed in scan.found["input_volume"]]
        inputs = None  # the prompts alone: each request one prompt's length ("prompt_tokens" below)
    for kind, lengths in (
        ("output_volume", ("output_tokens",)),
        (
            "token_volume",
            ("prompt_tokens",) if scan.found.get("input_volume") else ("prompt_tokens", "output_tokens"),
        ),
    ):
        volume = _one(scan, kind, "traffic.rate")
        if volume is None:
            continue
        tokens, seconds = volume
        defaults = {"prompt_tokens": catalog.traffic.lengths.new_prompt_tokens,
                    "output_tokens": catalog.traffic.lengths.output_tokens}  # fmt: skip
        given_rate = _direct_rate(fields, seconds)
        if kind == "token_volume" and given_rate and not (fields["prompt_tokens"] or fields["output_tokens"]):
            # "500 RPM and 200k TPM", as API limits are written: the requests are the rate, and the tokens each
            # one's length (prompt and answer in the defaults' proportion), not a second rate.
            each = tokens / given_rate
            share = defaults["prompt_tokens"] / (defaults["prompt_tokens"] + defaults["output_tokens"])
            fields["prompt_tokens"] = max(round(each * share), 1)
            fields["output_tokens"] = max(round(each) - fields["prompt_tokens"], 1)
            fields["lengths_from_volume"] = True
            continue
        requests = tokens / sum(
            fields[k] or (getattr(base, k) if base is not None else None) or defaults[k] for k in lengths
        )
        if seconds in traffic_query.VOLUME_KEYS:
            fields[traffic_query.VOLUME_KEYS[seconds]] = max(round(requests), 1)
        else:
            fields["rate_per_s"] = requests / seconds
        # Said in the assumptions: "throughput de 5000 tokens/s" had silently become 10 requests a second.
        side = "output" if kind == "output_volume" else "both" if len(lengths) > 1 else "input"
        fields["rate_from_volume"], fields["volume_period_s"] = (side, tokens), seconds
        if kind == "output_volume" and inputs is not None and not fields["prompt_tokens"]:
            # Both sides of the volume: the answers' make the requests, the prompts' each one's length.
            fields["prompt_tokens"] = max(round(inputs[0] / max(requests, 1)), 1)
    query.users_off_peak = [typed for _, typed in scan.found.get("users_off_peak", [])]
    off_peak = scan.found.pop("rate_off_peak", [])
    if off_peak and fields["rate_per_s"] is None:
        fields["rate_per_s"] = max(v for v, _ in off_peak)  # the quiet hours' rate alone is the one given
    elif off_peak:
        query.off_peak = [typed for _, typed in off_peak]
    averages = scan.found.pop("rate_average", [])
    if averages and fields["rate_per_s"] is None and fields["requests_per_day"] is None:
        # "3 req/s em média", alone: a day's volume at that pace, whose peak hour traffic.toml sets (as for
        # "10 mil requisições por dia"); sizing the average would leave the peak unserved.
        fields["requests_per_day"] = max(round(max(v for v, _ in averages) * 86400), 1)
    query.other_groups.extend(scan.found.pop("other_groups", []))
    per_day = _one(scan, "people_per_day", "traffic.population")
    if per_day is not None:
        if scan.found.get("per_conversation") and fields["requests_per_day"] is None:
            # "2 mil clientes por dia, cada conversa com 8 mensagens": each person a conversation of that many
            # requests, a daily volume (its peak from traffic.toml).
            fields["requests_per_day"] = per_day
        elif fields["population"] is None or _larger_group(scan, query, fields, "people_per_day", per_day):
            # "300 usuários por dia": the day's people, a head-count
            fields["population"], fields["population_daily"] = per_day, True
    per_month = _one(scan, "people_per_month", "traffic.population")
    if per_month is not None and (
        fields["population"] is None or _larger_group(scan, query, fields, "people_per_month", per_month)
    ):
        # "30 mil usuários por mês", "30k MAU": a month's people, of whom a share uses it on a day (sizing/plan.py)
        fields["population"], fields["population_monthly"] = per_month, True
    # "3.000 colaboradores, 20% de uso diário": the people of a day are the head-count (its peak and what each sends
    # a day apply to them); the 20% had been left unread, and every one of the 3,000 counted.
    if _share_of_people(scan, fields, "daily_share", query.daily_shares) is False:
        query.unknown += [typed for _, typed in scan.found["daily_share"]]
    # "2 mil colaboradores, 60% vão usar o copiloto": with a verb of using it alone, the share are the people who
    # use it (had been 60% at once); with no head-count to cut (a thread's "e se 20% usarem?"), those at once
    if "share_using" in scan.found:
        using = scan.found.pop("share_using")
        if fields["population"]:
            scan.found.setdefault("people_share", []).extend(using)
        elif fields["active_share"] is None:
            fields["active_share"] = using[0][0]
    # "chatbot pra 70% dos 2 mil colaboradores": the share are the load's head-count, said in the answer
    _share_of_people(scan, fields, "people_share", query.people_shares)
    daily = _one(scan, "requests_per_person_day", "traffic.day")
    if daily is not None:
        # "800 usuários, cada um usa 10 vezes por dia": the people's daily volume (its peak from traffic.toml).
        people = fields["population"] or fields["users"]
        if people is None and base is not None:
            people = base.population or base.users
        if people and fields.get("population_monthly") and fields["population"]:
            # "50 mil usuários ativos por mês, 5 mensagens por usuário por dia": a month's people are not all
            # there on a day (traffic.toml's DAU/MAU share); the day's send (it had been all 50,000, five times
            # the load).
            fields["people_monthly"] = people
            people = max(round(people * catalog.traffic.population.daily_share_of_monthly), 1)
        if people:
            fields["requests_per_day"] = max(round(people * daily), 1)
            fields["people_sending"] = people
            # said back as "40 × 20", as a rate per counted unit is
            query.products += [
                (typed, people, daily, "requests/86400")
                for _, typed in scan.found["requests_per_person_day"][:1]
            ]
            fields["population"] = fields["users"] = None
        else:
            query.unknown += [typed for _, typed in scan.found["requests_per_person_day"]]
    turns = _one(scan, "per_conversation", "traffic.rate")
    if turns is not None:
        # "cada conversa com 8 mensagens": each message a request, so a rate of conversations becomes one of
        # requests ("2 mil atendimentos por dia": 16 mil pedidos); in a thread that said the messages before,
        # its rate scales by the change. And a conversation holds its messages: the context they fill
        # (sizing/plan.py) when none is said.
        rates = ("rate_per_s", "requests_per_day", "requests_per_week", "requests_per_month")
        if not _scale_load(fields, None, turns, keys=rates) and base is not None and base.turns:
            _scale_load(fields, base, turns / base.turns, keys=rates)
        fields["turns"] = turns
        if any(_TASKS.search(strip_accents(typed.lower())) for _, typed in scan.found["per_conversation"]):
            fields["turns_of_task"] = True
    elif not (base is not None and base.turns) and any(
        _CONVERSATIONS.search(strip_accents(typed.lower()))
        for kind in ("rate_per_s", "requests_per_day", "requests_per_week", "requests_per_month")
        for _, typed in scan.found.get(kind, [])
    ):
        fields["rate_in_conversations"] = True  # "2 mil conversas por dia": one request each, said so
    context_scale = _one(scan, "context_scale", "traffic.scale")
    if context_scale is not None:
        # "e com o dobro do contexto?": the thread's context (or the default it was sized at) times that.
        if base is not None and fields.get("context") is None:
            fields["context"] = max(round((base.context or DEFAULT_CONTEXT) * context_scale), 1)
        else:
            query.unknown += [typed for _, typed in scan.found["context_scale"]]
    if fields.get("ttft_s") is not None and fields.get("e2e_s") is None:
        query.ttft_as_answer = [
            typed for _, typed in scan.found.get("ttft_s", []) if _ANSWER_TIME.search(plain := strip_accents(typed.lower()))
            and not _FIRST_TOKEN_SAID.search(plain)
        ]  # fmt: skip
    examples_scale = _one(scan, "examples_scale", "traffic.scale")
    if examples_scale is not None:
        # "e com o dobro de exemplos?" under a fine-tune of 10 mil exemplos: 20 mil (it had been "Não entendi")
        scaled = next((k for k in ("examples", "tokens") if base is not None and getattr(base, k)), None)
        if scaled is not None and fields.get(scaled) is None:
            fields[scaled] = max(round(getattr(base, scaled) * examples_scale), 1)
        else:
            query.unknown += [typed for _, typed in scan.found["examples_scale"]]
    shifts = _one(scan, "shifts", "traffic.shifts")
    if shifts is not None:
        people = next((k for k in ("population", "users") if fields.get(k)), None)
        if scan.found.get("seats"):
            pass  # "200 PAs, 3 turnos": every shift sits at the same seats, all taken at once
        elif people is None or fields.get("users_at_once"):
            query.unknown += [typed for _, typed in scan.found["shifts"]]
        else:
            # "1000 funcionários em 3 turnos": at most one shift at work at once, a third of them (an even split
            # is assumed, and said).
            at_work = -(-fields[people] // shifts)
            query.shifts.append((scan.found["shifts"][0][1], fields[people], shifts, at_work))
            fields[people] = at_work
    for (shifts, each), typed in scan.found.pop("shifts_each", []):
        # "3 turnos de 20 atendentes": 20 at work at once, of 60 people (said as the shifts above are).
        people = next((k for k in ("population", "users") if fields.get(k) == each), None)
        if people is None:
            query.unknown.append(typed)
        else:
            query.shifts.append((f"{typed} {each}", each * shifts, shifts, each))
    for (part, share), typed in scan.found.pop("subgroup_only", []):
        people = next((k for k in ("population", "users") if fields.get(k)), None)
        sized = round(fields[people] * part) if people and share else part
        if people is None or not sized or sized >= fields[people]:
            query.unknown.append(typed)
        else:
            query.subgroups_only.append((typed, fields[people], sized))
            fields[people] = sized
    for _, typed in scan.found.pop("subgroup", []):
        if fields.get("population") or fields.get("users"):
            query.subgroups.append((typed, fields.get("population") or fields["users"]))
        else:
            query.unknown.append(typed)
    for (day, shifts, largest), typed in scan.found.pop("shift_list", []):
        if any(fields.get(k) == largest for k in ("population", "users")):
            query.shift_lists.append((typed, day, shifts, largest))
        else:
            query.unknown.append(typed)  # the largest shift's count was read as no people
    for (each, shifts), typed in scan.found.pop("per_shift", []):
        people = next((k for k in ("population", "users") if fields.get(k)), None)
        total = fields[people] if people else 0
        if total < each or (total > each and total % each):
            query.unknown.append(typed)  # no people to split, or no whole number of shifts
            continue
        if total > each:
            # "150 operadores (50 por turno)": the people in all, one shift's at work at once
            shifts, fields[people] = total // each, each
        if shifts and shifts > 1:
            query.shifts.append((typed, each * shifts, shifts, each))
    bare_scale = _one(scan, "bare_scale", "traffic.scale")
    if bare_scale is not None and base is not None:
        _bare_scale(bare_scale, scan.found["bare_scale"][0][1], base, fields, query)
    scale = _one(scan, "load_scale", "traffic.scale")
    own_load = any(fields.get(k) is not None for k in LOAD_BASES)
    if scale is not None and not _scale_load(fields, base, scale):
        query.unknown += [typed for _, typed in scan.found["load_scale"]]  # no load to scale
    for (factor, share, periods), typed in scan.found.get("load_growth_compound", []):
        if factor is None:
            query.growth_rate_alone.append(
                (typed, share, periods)
            )  # "crescimento de 20% ao mês": no horizon to grow to (periods: the period, in months)
        elif "load_growth" not in scan.found:
            scan.found["load_growth"] = [(factor, typed)]
            query.growth_compound.append((typed, share, periods, factor))
    growth = _one(scan, "load_growth", "traffic.scale")
    if growth is not None:
        typed = scan.found["load_growth"][0][1]
        if _TODAY_ASKED.search(scan.typed) and any(fields.get(k) is not None for k in LOAD_BASES):
            # "traffic will double next quarter, size for our current 40 rps": today's load is the one asked
            # for (it had been sized doubled); the grown one is said in a note
            fields["growth_later"] = growth
            query.growth_later.append((typed, growth))
        elif _scale_load(fields, base, growth):
            # "100 usuários hoje, dobrar em 6 meses": the load the setup must carry is the grown one (it had been
            # today's, the horizon a term of rental and the verb not understood); today's is said in a note
            fields["growth"] = growth
            query.growth.append((typed, growth))
        else:
            query.unknown.append(typed)  # no load to grow
    if base is not None and base.items_volume and not fields.get("items_volume"):
        # A thread about documents a day: "o dobro", or a volume with no noun ("e se forem 20 mil por dia?"),
        # still counts its documents.
        unnamed = scan.found.get("volume_unnamed") and (
            fields["requests_per_day"] or fields["requests_per_week"] or fields["requests_per_month"]
        )
        if unnamed or (scale is not None and not own_load):
            fields["items_volume"] = True
    if scan.found.get("cheaper"):
        fields.update(cheaper=True, cost=True)  # asking for less money asks what it costs
    if scan.found.get("fastest") and (
        fields.get("gpu") is None or any(value is True for value, _ in scan.found["fastest"])
    ):
        fields["fastest"] = True
    if fields.get("cost_per_requests"):
        fields["cost"] = True  # "cost per request" asks what it costs, as "quanto custa" does
        per_conversation = any(
            PER_REQUESTS.search(strip_accents(typed.lower())).group("conversation")
            for _, typed in scan.found["cost_per_requests"]
            if PER_REQUESTS.search(strip_accents(typed.lower()))
        )
        if per_conversation and fields.get("turns"):
            # "quanto fica por conversa?" of conversations of 8 messages: each message is a request (the load's)
            fields["cost_per_requests"] *= fields["turns"]
    if budget := scan.found.get("budget"):
        # A budget: the answer sets the setup's price against it (sizing/budget.py), so money is asked about.
        (amount, currency, monthly), _ = budget[0]
        if monthly == "yearly":
            fields["budget_yearly"], amount, monthly = amount, amount / 12, True
        elif monthly in ("hourly", "gpu_hour", "setup_hour"):
            # each GPU's hour when said so, else the whole setup's (None: not said, the answer says it assumed)
            per_gpu = {"gpu_hour": True, "setup_hour": False}.get(monthly)
            fields["budget_hourly"], fields["budget_per_gpu"], monthly = True, per_gpu, None
        fields.update(budget=amount, budget_currency=currency, budget_monthly=monthly, cost=True)
    if api := scan.found.get("api_price"):
        # Another provider's price per million tokens: the answer sets its own against it, so money is asked.
        (amount, currency), _ = api[0]
        fields.update(api_price=amount, api_price_currency=currency, cost=True)
    query.unknown += [typed for _, typed in scan.found.get("money", [])]  # a price is not sized by
    query.unknown += [typed for _, typed in scan.found.get("word_count", [])]  # nor a length in words
    if (
        fields.get("tokens")
        and not (stage or (base.stage if base else Stage.inference)).is_training
        and GENERATE_WORDS.search(strip_accents(scan.original.lower()))
    ):
        # "quanto tempo leva pra gerar 1 milhão de tokens?": tokens a served model writes, not training data.
        fields["generated_tokens"], fields["tokens"] = fields["tokens"], None
    if (
        not (stage or (base.stage if base else Stage.inference)).is_training
        and (
            any(
                fields.get(k)
                for k in ("batch_items", "requests_per_day", "requests_per_week", "requests_per_month")
            )
            # "traduzir manuais de 300 páginas", "traduzir contratos de 5 mil tokens": a document's length
            or fields.get("prompt_pages")
            or scan.found.get("document_tokens")
        )
        and TRANSLATE_WORDS.search(strip_accents(scan.original.lower()))
    ):
        # "traduzir 5 milhões de frases de ~50 tokens": a translation's answers as long as its prompts, as with
        # words to translate (they had been the 500-token default, ten times the sentences).
        fields["translation"] = True
    for words, typed in scan.found.pop("word_volume", []):
        # "traduzir 10 milhões de palavras": words to write (a translation writes about as many as it reads),
        # or a training set's words; tokens at traffic.toml's tokens a word, said in the answer. A volume of
        # words with neither is not sized by (said as not understood).
        tokens = max(round(words * catalog.traffic.lengths.tokens_per_word), 1)
        said = strip_accents(scan.original.lower())
        if (stage or (base.stage if base else Stage.inference)).is_training:
            field = "tokens"
        elif GENERATE_WORDS.search(said):
            field = "generated_tokens"
            # A translation reads as many tokens as it writes: its prompts as long as its answers (sizing/plan.py).
            if TRANSLATE_WORDS.search(said):
                fields["translation"] = True
        elif (
            READ_WORDS.search(said)
            or (fields.get("task") or (base.task if base else None)) is Task.summarization
        ):
            # "processar 10 milhões de palavras": read with a short answer each (classifying, extracting), timed at
            # the pace prompts are read (sizing/advice.py batch_time); "resumir 10 milhões de palavras" reads them
            # too, each text answered by its summary (sizing/plan.py, traffic.toml's summary_output_share).
            field = "read_tokens"
        else:
            query.unknown.append(typed)
            continue
        if not fields.get(field):
            fields[field] = tokens
            query.word_lengths.append((typed, tokens, catalog.traffic.lengths.tokens_per_word))
    for minutes, typed in scan.found.pop("speech_volume", []):
        # "resumir 500 horas de áudio por mês": the transcripts' tokens to read (traffic.toml's tokens a minute of
        # speech), summarized or processed as words are; transcribing itself is a speech model's work.
        said = strip_accents(scan.original.lower())
        reading = READ_WORDS.search(said) or (fields.get("task") or (base.task if base else None)) in (
            Task.summarization,
            Task.classification,
            Task.extraction,
        )
        if reading and not fields.get("read_tokens"):
            per_minute = catalog.traffic.lengths.tokens_per_speech_minute
            fields["read_tokens"] = max(round(minutes * per_minute), 1)
            heard = speech_query.load(scan.original)
            if heard.period_s is not None and not heard.deadline:
                # "200 horas de áudio por dia": the transcripts come again each period, a rate to keep up
                # with (sizing/plan.py), not a one-off volume read once
                fields["read_period_s"] = heard.period_s
            query.speech_volumes.append(
                (typed, fields["read_tokens"], per_minute, fields.get("read_period_s"))
            )
        else:
            query.unknown.append(typed)
    if (seconds := _one(scan, "volume_seconds", "traffic.batch")) is not None:
        if (fields.get("generated_tokens") or fields.get("read_tokens")) and not fields.get("batch_seconds"):
            # A volume of tokens to write or read with its deadline: a batch of requests over that time
            # (sizing/plan.py counts the requests from the tokens of each).
            fields["batch_seconds"] = seconds
        elif not fields.get("days"):
            fields["days"] = _deadline_days_of(seconds)  # a deadline of some other volume: hours stay hours
    if (
        fields.get("requests_per_day")
        and not fields.get("batch_items")
        and not any(fields.get(k) for k in ("ttft_s", "e2e_s", "tokens_per_s", "fast_latency", "waited_on"))
        and not (stage or (base.stage if base else Stage.inference)).is_training
        and traffic_query.OFFLINE.search(strip_accents(scan.original.lower()))
    ):
        # "batch offline de 1 milhão de documentos por dia": the day's volume at any hour, a batch of 24 hours
        # at its average pace (it had been sized for 15% of it in a peak hour: 32 H200s for 11.6 req/s).
        fields["batch_items"], fields["batch_seconds"] = fields["requests_per_day"], 86400.0
        fields["requests_per_day"] = None
    if (
        fields.get("batch_seconds")
        and not fields.get("batch_items")
        and fields["batch_seconds"] <= 86400
        and not (stage or (base.stage if base else Stage.inference)).is_training
    ):
        # "300 mil e-mails por semana, janela noturna de 6h": each day's share of a volume is a batch of that
        # window (the window had been left unread, the volume sized for a peak hour).
        daily = catalog.traffic.daily
        for key, period, days in (("requests_per_day", "day", 1), ("requests_per_week", "week", daily.days_per_week),
                                  ("requests_per_month", "month", daily.days_per_month)):  # fmt: skip
            if fields.get(key):
                fields["batch_items"] = max(round(fields[key] / days), 1)
                if period != "day":
                    fields["batch_of_volume"] = (period, fields[key])
                fields[key] = None
                break
    if window := _one(scan, "batch_window_seconds", "traffic.batch"):
        # "e se a janela for de 4 horas?", "e em 4 horas?" in a batch's thread: its new window, in hours (it had
        # been read as a context of 4 tokens, or rounded up to a day).
        fields["batch_seconds"] = window
    understood = any(v is not None for v in fields.values()) or stage is not None or model or size
    # "e se eu usar quantização?" with no model: quantized weights asked for, so the model is what is missing (it
    # had been "Não entendi o pedido")
    # (words left unread are still said: "quantização afeta a qualidade?")
    quantized = not query.unknown and _quantized(strip_accents(scan.original.lower()))
    # "temos 500 horas de GPU" in a thread: the thread's sizing again, weighed against the budget
    understood = understood or query.no_images or quantized or bool(query.gpu_hours)
    if (
        base is not None
        and (base.batch_items or base.generated_tokens or base.read_tokens)
        and base.batch_seconds
        and fields.get("days")
        and not fields.get("batch_seconds")
        and not (stage or base.stage).is_training
    ):
        # "e em 1 dia?" in a batch's thread: the batch's new deadline, not a service's dates.
        fields["batch_seconds"], fields["days"] = fields["days"] * 86400.0, None
    if (
        base is not None
        and stage is Stage.pretrain
        and not base.stage.is_training
        and {kind for kind, _ in scan.found.get("stage", [])} - {"inference"} == {"train"}
        and "tokens" not in scan.found
    ):
        # "e pra treinar?" in a thread about serving a released model: a fine-tune, as "treinar o qwen 32b" is
        # (below); it had been a pre-training of 32 H100s for ~118 days.
        stage, fields["train_as_fine_tune"] = Stage.full, True
    elif (
        base is not None
        and stage is Stage.pretrain
        and base.stage.is_training
        and base.stage is not Stage.pretrain
        and {kind for kind, _ in scan.found.get("stage", [])} == {"train"}
        and "tokens" not in scan.found
    ):
        # "e se eu quiser treinar em 2 horas?" under a LoRA: the thread's training, not one from scratch (it had
        # become "treino do zero / pré-treino contínuo")
        stage = None
    if base is not None and not (model or size) and not fields.get("cost") and not fields.get("cheaper"):
        plain = strip_accents(scan.original.lower())
        if _GPU_LIST.search(plain) and not _NEED.search(plain) and _offering_asked(plain, fields, stage):
            # "quais GPUs vocês têm?" in a thread: the GPUs we rent, as with no thread (it had been "Não entendi")
            error = QueryError("query.offering", hint="query.examples")
            error.availability_asked = _stock_asked(scan, plain)
            raise error
    need = strip_accents(scan.original.lower()) if base is not None and not understood else ""
    asked = ("speed_asked", "time_asked", "rate_asked")  # "quantos tokens por segundo?" with no target
    # "e em cpu?", "e no mac?", "e no sglang?", "e se a gente usar vllm?": the thread's sizing with what its
    # note says of them (a first question gets the same note beside its answer)
    beside = query.cpu_only or query.phone or query.mac_alone or query.device_alone or query.system_ram
    if need and KV_NEED.search(need):
        query.kv_explained = True
    elif need and WHY_NEED.search(need):
        query.why_asked = True
    if need and (
        query.kv_explained
        or query.why_asked
        or GPU_NEED.search(need)
        or GPU_COUNT_NEED.search(need)
        or FITS_ALONE.fullmatch(need)
        or PERFORMANCE_NEED.search(need)
        or any(scan.found.get(key) for key in asked)
        or beside
        # "e se usar deepspeed?": the thread's run with what the framework's note says (under a serving answer,
        # that the framework trains and the serving is sized on vLLM)
        or scan.found.get("framework")
        or OTHER_ENGINE.search(need)
        or _VLLM_NAMED.search(need)
        or (base.model_choices and CHOICE_NEED.search(need))
    ):
        # "quais GPUs preciso?", "which GPUs do I need?", "e a latência?" in a thread: the thread's sizing again,
        # its recommendation and speed first (it had been "Não entendi o pedido").
        understood = True
        query.unknown = []
    if base is not None and not (model or size) and (fits := _largest_in_thread(scan, base, fields, stage)):
        # "qual o maior modelo que cabe numa H100?" in a thread: what fits there with the thread's load, as a
        # first question gets it (it had been the thread's model on that GPU, "Não entendi: maior")
        raise fits
    if base is not None and not (model or size) and _other_family(scan, base, catalog):
        # "e o qwen?", "e com o mistral?", "e o qwen em 4 bits?": which of the family's models, as a first question
        # is asked (it had been "Não entendi o pedido", no answer at all in a channel's thread, or the thread's
        # Llama at 4 bits); "e o llama em 4 bits?" in a Llama's thread is its own model
        raise _which_model(scan, catalog)
    if base is not None:
        # "e com o gpt-oss 120b?" after an FP8 answer: a model published in its own quantized format (MXFP4) is
        # sized in it, as a first question about it is, unless the follow-up names a precision.
        own = model and model != base.model and _published_quantized(model, catalog)
        plain = strip_accents(scan.original.lower())
        added, compared = None, False
        if (
            model
            and model != base.model
            and scan.found.get("model")
            and (base.together or not base.model_choices)  # a choice of two stays one ("X ou Y")
            and (ADD_MODEL.search(plain) or (base.together and ALSO_MODEL.search(plain)))
        ):
            # "e se adicionar o mistral 7b?": served with the thread's models, not in place of them.
            added, own = scan.found["model"][0][1], False
            said = " ".join(m.group(0) for words in (ADD_MODEL, ALSO_MODEL) for m in words.finditer(plain))
            query.unknown = [w for w in query.unknown if strip_accents(w.lower()) not in said]
        elif (
            model
            and model != base.model
            and len(scan.found.get("model") or []) == 1
            and not base.model_choices
            and not query.model_choices
            and COMPARE_OPENER.match(plain)
        ):
            # "compare com o qwen2.5 14b", "vs qwen 14b?": weighed against the thread's model, its load kept; a
            # precision said with it is its own ("versus mistral small 24b em fp8"), as in "X ou Y em fp8"
            added, own, compared = scan.found["model"][0][1], False, True
            if fields.get("precision") is not None:
                added = f"{added} {scan.found['precision'][0][1]}"
                fields["precision"] = None
            said = " ".join(m.group(0) for m in COMPARE_MODEL.finditer(plain))
            query.unknown = [w for w in query.unknown if strip_accents(w.lower()) not in said]
            query.model_choices = [added]
        if (
            stage is None
            and base.stage.is_training
            and any(fields.get(k) for k in PEOPLE_BASES + RATE_BASES)
            and not any(getattr(base, name) for name in LOAD_FIELDS)
        ):
            # "what if we had 500 users?", "e com 500 usuários?" under a fine-tune: people use the model it makes,
            # not the run: the trained model served to them as a training's serving is (sizing/serve_after.py),
            # said (they had been added to the training's line)
            query.noted = [*query.noted, "serve_trained" if base.stage is Stage.pretrain else "serve_tuned"]
        drop = ("precision",) if own else ()
        if (
            fields.get("precision") is None
            and not base.stage.is_training
            and (base.precision is None or not resolve_precision(base.precision, catalog).is_quantized)
            and _quantized(plain)
        ):
            # "e se eu usar quantização?", "e quantizado?": the thread's workload quantized (a 16-bit one said too),
            # in the format a first question that says "quantizado" gets (sizing/plan.py, said); it had not been
            # understood.
            fields["quantized"], understood = True, True
            drop += ("precision",)
        if scan.found.get("as_batch") and not base.stage.is_training:
            drop += _as_batch(base, fields, catalog)
            understood = True
        elif fields.get("always_on") and _all_day_batch(base, fields):
            # "e se for 24/7?" under "200 mil documentos em 8 horas": the work arriving all day, every day, said
            # (it had kept the 8-hour window beside "24/7", neither reconciled)
            drop += ("batch_items", "batch_seconds", "items_volume")
            query.noted = [*query.noted, "batch_all_day"]
            window = batch_period(base.batch_seconds, i18n.lang_of(query.lang or base.lang))
            query.noted_names = {**query.noted_names, "batch_all_day": window}
        if query.lang or any(key in topic_words.NOTES for key in query.noted):
            # "and in english?", "e em inglês?": the thread's answer in that language; "e com dados de saúde?": with
            # what the law asks of them (each had been "Não entendi o pedido")
            understood = True
        if notes := _where_run(plain, fields, catalog, base.gpu):
            # "e na aws?", "e num servidor on-premise?", "vocês têm h100?": the thread's sizing with what is true
            # there said first (they had been "Não entendi o pedido", or the H100 sized with no yes or no)
            query.noted = list(dict.fromkeys([*query.noted, *(note for note, _, _ in notes)]))
            if (
                "cloud_own" in query.noted
            ):  # the thread's own note on their servers says it, not the topic's again
                query.noted = [note for note in query.noted if note != "on_premise"]
            query.noted_names = {**query.noted_names, **{note: name for note, name, _ in notes if name}}
            said = " ".join(plain[start:end] for _, _, (start, end) in notes)
            query.unknown = [w for w in query.unknown if strip_accents(w.lower()) not in said]
            understood = True
        said_stages = scan.found.get("stage", [])
        if (
            stage is not None
            and stage.is_training
            and not base.stage.is_training
            and said_stages
            and all(kind in (Stage.lora.value, Stage.qlora.value) for kind, _ in said_stages)
        ):
            query.method_alone = " ".join(dict.fromkeys(typed for _, typed in said_stages))
        if (
            size
            and not model
            and not added
            and base.model
            and (sibling := _thread_family_size(catalog, base.model, size))
        ):
            # "e o 72b?", "and the 14b?" under Qwen2.5 32B: the thread's family at that size, Qwen2.5 72B and 14B
            # (they had been the catalogue's reference of the size, Llama 3.1 70B, Qwen3 14B)
            model = sibling
        query = _follow_up(
            query, base, None if added else model or size, stage, fields,
            understood or bool(added) or release_swap is not None,
            drop=drop, added=added, compared=compared, one_card=bool(_ONE_CARD.search(plain)),
            release_swap=release_swap,
        )  # fmt: skip
        if {"serve_tuned", "serve_trained"} & set(query.noted) and (
            served := serving_workload(query.workload)
        ):
            query.workload = served.but(stage=Stage.inference)  # said: "Entendi: … · inferência · …"
            query.changed = sorted({*query.changed, "stage"})
        return query
    out_of_scope = scan.found.get("out_of_scope", [])
    # Said beside an open model's answer (embeddings, speech, image); a closed model compared with it is not.
    query.out_of_scope = [typed for kind, typed in out_of_scope if kind != "closed"]
    query.closed_named = [typed for kind, typed in out_of_scope if kind == "closed"]
    if not (model or size or fields.get("gpu")) and concepts.load_time_asked(
        typed_plain := strip_accents(scan.original.lower()), scan.told_of(typed_plain)
    ):
        # "quanto tempo leva para subir o modelo?": its weights' size says it, so the model is asked for
        raise ConceptAnswer(["load_time_model"])
    if not (model or size or fields.get("gpu")) and (
        places := latency.places_asked(strip_accents(scan.original.lower()))
    ):
        # "qual a latência a partir de Lisboa?", "latency from Miami?": the network's round trip from there (it
        # had been "Faltou dizer o modelo", or a city not understood)
        raise LatencyAnswer(places)
    if (topic := _topic_asked(scan, fields, stage, model, size)) is not None:
        raise topic
    if not (model or size) and _kv_asked(strip_accents(scan.original.lower()), fields, stage):
        raise _kv_explained(catalog)
    if not (model or size) and scan.found.get("gpu_hours"):
        # "temos 500 horas de GPU": a budget with nothing to spend it on yet (it had been "Não entendi: 500")
        typed = ", ".join(f"“{typed}”" for _, typed in scan.found["gpu_hours"])
        raise QueryError("query.topic_gpu_hours", hint=None, typed=typed)
    said = sorted(
        scan.found.get("precision", []), key=lambda found: scan.original.lower().find(found[1].lower())
    )
    precisions = list(dict.fromkeys(p for p, _ in said))
    if not (model or size) and fields.get("gpu") and len(precisions) > 1:
        # "compare fp8 e int4 em 2 h100", "qual a diferença de fp8 e int4 numa l40s?": a weighing on those GPUs
        # with no model to weigh (it had been quantization explained, the GPUs dropped): asked back.
        raise ChoiceWithoutModel(precisions, fields["gpu"], fields.get("gpus") or 1, scan.original)
    if not (model or size) and (
        explained := concepts.asked(
            typed_plain := strip_accents(scan.original.lower()),
            weigh_alike=True,
            told=scan.told_of(typed_plain),
        )
    ):
        # "o que é quantização?", "qual a diferença entre lora e qlora", "what does TTFT mean": the words of
        # the answers explained (they had been "Faltou dizer o modelo" or "Não entendi")
        raise ConceptAnswer([key for key, _, _ in explained])
    if not (model or size or query.closed_named) and (sabia := _SABIA.search(scan.original)):
        # "sabiá" alone: the open 7B or Maritaca's API-only ones, asked which (it had been "Faltou dizer o modelo")
        example = scan.original[: sabia.start()] + "sabiá 7b" + scan.original[sabia.end() :]
        raise QueryError("query.topic_sabia_which", hint=None, example=" ".join(example.split()))
    training = stage is not None and stage.is_training
    if scan.found.get("style_served") and not training and (model or size):
        query.noted = [*query.noted, "style_served"]
    if topic_words.knowledge(
        typed_plain := strip_accents(scan.original.lower()), training, scan.told_of(typed_plain)
    ):
        # "quero treinar um modelo com os documentos da empresa": RAG usually serves the model knowing the texts
        # better than a fine-tune; said with no model (it had been "Faltou dizer o modelo"), and beside a sizing.
        if not (model or size):
            raise QueryError("query.topic_knowledge", hint=None)
        query.noted = [*query.noted, "knowledge_fine_tune" if training else "knowledge_rag"]
        query.unknown = [
            u for u in query.unknown if not topic_words.DOCUMENTS.fullmatch(strip_accents(u.lower()))
        ]
    # Embedding and reranking models the table has (sizing/data/encoders.toml): sized, not refused.
    found, unknown = encoders.named([typed for kind, typed in out_of_scope if kind == "embedding"])
    if found and (model or size):
        # Beside the LLM, on its GPU: as asked (a kind's word stays one; the plan says which model it assumed).
        fields["encoders"] = [e.kind if assumed else e.id for e, assumed in found]
        query.out_of_scope = [
            typed
            for kind, typed in out_of_scope
            if kind != "closed" and (kind != "embedding" or typed in unknown)
        ]
    # Speech-recognition models the table has (sizing/data/speech.toml): sized, not refused. Beside an LLM only
    # a Whisper named ("whisper large v3", "faster-whisper"): "transcrever" alone may be transcripts already made.
    heard = [
        (typed, hit)
        for kind, typed in out_of_scope
        if kind == "speech" and (hit := speech.resolve(typed, scan.original, not (model or size))) is not None
    ]
    if heard and (model or size):
        named = [(typed, hit) for typed, hit in heard if not hit[1] or "whisper" in typed.lower()]
        if named:
            served, assumed = min((hit for _, hit in named), key=lambda h: h[1])  # a model named over a word
            fields["encoders"] = [*fields.get("encoders", []), ("speech:" if assumed else "") + served.id]
            query.out_of_scope = [typed for typed in query.out_of_scope if typed not in {t for t, _ in heard}]
            # The audio it transcribes beside the LLM ("200 horas de áudio por dia", "20 ligações simultâneas"),
            # read as for Whisper alone: its share of the GPU's time is set against the LLM's (sizing/advice.py)
            audio = speech_query.load(scan.original, beside=True)
            if audio.audio_hours is not None or audio.streams is not None:
                fields.update(speech_audio_hours=audio.audio_hours, speech_period_s=audio.period_s,
                              speech_deadline=audio.deadline, speech_streams=audio.streams)  # fmt: skip
                query.unknown = [u for u in query.unknown if not speech_query.is_load_words(u)]
    if not (model or size) and heard:
        reading = fields.get("task") in (Task.summarization, Task.classification, Task.extraction)
        if not reading or any(not hit[1] for _, hit in heard):
            # Alone: its memory, its speed, and for a volume or calls at once the GPUs (sizing/speech.py); a model
            # named over a word for it ("transcrever com o whisper large v3").
            served, assumed = min((hit for _, hit in heard), key=lambda h: h[1])
            gpu = catalog.gpu(fields["gpu"]) if fields.get("gpu") else None
            # embedding or reranking models named with it: beside it on the GPU (they had been dropped)
            raise SpeechAnswer(
                speech_query.Answer(served, assumed, scan.original, gpu, catalog, beside=found)
            )
    if not (model or size) and out_of_scope:
        # A name ("bge-m3", "BAAI/bge-m3", "whisper large v3") before a kind's word ("embeddings"), as typed order
        # had put it ("“embeddings” é um modelo de embeddings").
        kind, typed = next((e for e in out_of_scope if re.search(r"[\d/-]", e[1])), out_of_scope[0])
        if found and kind != "closed":
            # Alone: their memory, and for a corpus the time it takes (sizing/encoders.py).
            gpu = catalog.gpu(fields["gpu"]) if fields.get("gpu") else None
            raise EncoderAnswer(encoder_query.Answer(found, scan.original, gpu, catalog))
        if kind == "closed":
            if REPLACE_CLOSED.search(strip_accents(scan.original.lower())) and not fields.get("gpu"):
                # "migrar da OpenAI para um modelo aberto equivalente ao GPT-4o-mini": the open models
                # suggested for the workload, in its place (sizing/fits.py), not a refusal.
                error = QueryError("query.suggest_models", hint="query.examples")
                error.given = {**_given(fields, stage), "replacing": typed}
                raise error
            maker = next((m for m, named in CLOSED_MAKERS if named.match(strip_accents(typed.lower()))), None)
            # the maker's name is the same in every language: said in brackets after "its maker's API"
            raise QueryError(
                "query.closed_model",
                hint="query.open_models",
                name=typed,
                maker=f" ({maker})" if maker else "",
            )
        if kind == "speech" and (
            fields.get("read_tokens")
            or fields.get("task") in (Task.summarization, Task.classification, Task.extraction)
        ):
            # "transcrever e resumir 500 horas de áudio": the transcribing is a speech model's, left out; the
            # summaries are an LLM's, whose suggestions answer (sizing/fits.py), saying what was left out.
            error = QueryError("query.suggest_models", hint="query.examples")
            error.given = {**_given(fields, stage), "apart": [t for k, t in out_of_scope if k == "speech"]}
            raise error
        raise QueryError("query.out_of_scope", hint="query.scope", name=typed, kind=f"scope.{kind}")
    if not (model or size):
        # "Magistral-Small-2509", "Qwen2.5-72B-Instruct-AWQ": a repo's name without its owner is still a
        # model; "gpt-7 4bit": a name we do not know is worth saying so, with the closest names we do know.
        for fragment in query.unknown:
            plain = strip_accents(fragment)
            if NAME_LIKE.match(plain) or (HYPHENATED_NAME.match(plain) and re.search(r"\d", plain)):
                try:
                    resolve_model(fragment, catalog)
                except SizingError as e:
                    raise QueryError.from_sizing(e) from None
                model = fragment
                query.unknown.remove(fragment)
                understood = True
                break
    if not (model or size) and scan.found.get("draft_alone"):
        # "o llama 3.2 1b como draft": the draft, and no model for it to speed up.
        raise QueryError("query.draft_without_model", hint="query.draft_examples",
                         draft=scan.found["draft_alone"][0][1])  # fmt: skip
    if not (model or size) and (optimal := _compute_optimal_size(scan, fields, stage)):
        # "quero treinar um modelo próprio do zero com 1 trilhão de tokens, qual o tamanho ideal?": the size
        # that makes best use of the compute for those tokens (sizing/plan.py says so); it had been "Faltou dizer
        # o modelo".
        size, fields["size_from_tokens"], understood = optimal, True, True
    if not (model or size):
        if scan.found.get("family"):
            raise _which_model(scan, catalog)
        plain = strip_accents(scan.original.lower())
        available = _stock_asked(scan, plain)
        # "qual a diferença entre sob demanda e reservado?", "o que é reservado?": the contract modes asked
        # about with nothing to size, which the list of what we rent explains mode by mode.
        # A GPU named beside the mode asks its price in it ("quanto custa uma h100 reservada por 12 meses?" had
        # been the whole list, as "1 h100 reservada" was not)
        modes_asked = (
            bool(scan.found.get("contract"))
            and not _workload_said(fields, stage)
            and not query.unknown
            and not (fields.get("gpu") and fields.get("cost"))
        )
        if modes_asked or _offering_asked(plain, fields, stage):
            # "quais GPUs vocês têm?", "tabela de preços": the GPUs we rent, how, and at what price
            # (sizing/fits.py offered).
            error = QueryError("query.offering", hint="query.examples")
            error.availability_asked = available
            raise error
        which = WHICH_MODEL.search(plain) or fields.get("budget")
        # "um chatbot para o SAC com 50 pessoas": a use described with no model is a customer who has not
        # chosen one yet. Bare numbers ("4bit 32k 10 users") are a model forgotten: those still ask for it.
        which = which or (fields.get("task") is not None and not query.unknown)
        # "gerar descrições de 500 mil produtos em 3 dias": a batch with a deadline is a use described too.
        which = which or (bool(fields.get("batch_items")) and not query.unknown)
        # "quais GPUs preciso para 50 usuários?", "which GPUs for fine-tuning?": the GPUs a workload needs,
        # with no model chosen, are those of the models we suggest for it
        which = which or (GPU_NEED.search(plain) is not None and _workload_said(fields, stage))
        if which and not fields.get("gpu"):
            # "qual modelo vocês recomendam para 200 atendentes?", "o que dá pra rodar com R$ 20 mil por mês?":
            # the suggestions sized for it (sizing/fits.py), set against the budget when one is given.
            if stage is Stage.full and _adapter_for_data(scan, fields):
                # "tenho 500 mil conversas, quero treinar um modelo pra responder igual": LoRA, as with a model
                stage, fields["adapter_for_data"] = Stage.lora, True
            error = QueryError("query.suggest_models", hint="query.examples")
            error.given = _given(fields, stage)
            if query.noted:
                # "chatbot para 50 médicos com dados de saúde": what the law asks of such data, said first, as
                # beside a sized answer; so is a subject asked beside the use ("…, onde ficam os logs?")
                error.given["notes"] = list(query.noted)
            raise error
        if fields.get("gpu") and fields.get("compare_gpus"):
            # "qual a diferença entre L40S e H100 pra inferência?": each GPU, what fits on it and what sets its
            # speed (sizing/fits.py compare_gpus).
            error = QueryError("query.gpus_compared", hint="query.examples")
            error.given = _given(fields, stage)
            error.availability_asked = available
            raise error
        if fields.get("gpu") and not fields.get("compare_gpus"):
            # "qual o maior modelo que cabe numa H100?": what fits there (sizing/fits.py), the question's
            # other words kept. Surfaces that answer it catch this; elsewhere it reads as a missing model.
            if stage is not None and stage.is_training and fields.get("days") and fields.get("gpus"):
                # "preciso de 8 h100 por 2 semanas pra um treino, quanto fica?": with no model to train, the
                # period beside the GPUs counted is what they are rented for, not a run's deadline
                fields["term_days"] = fields.get("term_days") or fields["days"]
            error = QueryError("query.what_fits", hint="query.examples")
            error.given = _given(fields, stage)
            # a price asked in any words the cost reading knows ("qnto custa uma h200 por mes?") gets the modes
            # it is rented in, as "quanto custa a hora da h200?" does
            said = fields.get("contract") or fields.get("term_days") or fields.get("cost")
            if asked := topic_words.of_a_gpu(plain, bool(said)):
                error.given["asked"] = asked  # "banda de memória da H200?", "nvlink nas H100?", "desconto?"
            error.availability_asked = available
            error.unknown = list(query.unknown)
            raise error
        if fields.get("residency"):
            # "os dados não podem sair da UE; onde ficam os servidores?", "GDPR?": that our GPUs are in Brazil,
            # outside the EU, and what that means under the GDPR, before any model is chosen.
            raise QueryError("query.residency_eu", hint="query.residency_size")
        if RESIDENCY.search(plain):
            # "onde ficam os servidores? precisamos cumprir a LGPD": where the GPUs are, and what that means
            # under the LGPD, before any model is chosen.
            raise QueryError("query.residency", hint="query.residency_size")
        if COMMERCIAL.search(_OUR_SUPPORT.sub(" ", plain)):
            # "vocês têm SLA?", "SOC 2?", "API compatível com OpenAI?", "dá pra pagar em reais?": terms of the
            # service, not a sizing; said to be sales' and how to ask for one
            raise QueryError("query.commercial", hint="query.residency_size")
        if CONTRACT_QUESTION.search(plain) and not fields.get("gpu"):
            # "qual contrato pra treinar um lora?", "qual o melhor modo de contrato para produção?": the mode the
            # stage or intent calls for (sizing/plan.py contract_mode), and what to give for a sizing (it had
            # been "Faltou dizer o modelo").
            intent = fields.get("intent")
            if stage is not None and stage.is_training:
                raise QueryError("query.topic_contract_for_training", hint="query.training_size")
            if intent is Intent.production:
                raise QueryError("query.topic_contract_for_production", hint="query.residency_size")
            if intent is Intent.evaluation:
                raise QueryError("query.topic_contract_for_evaluation", hint="query.residency_size")
            if not _workload_said(fields, stage):
                # "qual contrato?" alone: every mode, each with what it is for, in the GPUs we rent
                error = QueryError("query.offering", hint="query.examples")
                error.availability_asked = available
                raise error
        named = _unknown_named(query.unknown, scan.original)
        if named is not None:
            # "olmo 3 para 10 usuarios", "granite 4.0 h small", "hunyuan a13b": a model the catalogue does not
            # know, said so with the closest names it has (it had been "Faltou dizer o modelo", or nothing
            # understood).
            try:
                resolve_model(named, catalog)
            except SizingError as e:
                raise QueryError.from_sizing(e) from None
        # "quantas gpus preciso?", "how many GPUs do I need?": a sizing asked with no model nor size, so the model
        # is what is missing (it had been "Não entendi o pedido")
        understood = understood or (not query.unknown and SIZING_ASKED.search(plain) is not None)
        if understood and stage is not None and stage.is_training:
            # "preciso treinar um modelo do zero, quantas gpus?": a training's GPUs and hours hang on the model's
            # size, which nothing here says; the examples are a training's, with the data that sets a size from
            # scratch (none picked silently: it had been the serving examples)
            raise QueryError("query.no_model", hint="query.training_examples")
        if understood and fields.get("fastest") and not fields.get("gpu"):
            # "qual o mais rápido?", "which one is fastest?" with nothing before it: asked back what of, the
            # workload or the GPUs (it had been "Não entendi o pedido")
            raise QueryError("query.fastest_of_what", hint=None)
        if understood:
            raise QueryError("query.no_model")
        raise _nothing_understood(query.unknown)
    training_stage = (stage or (base.stage if base is not None else Stage.inference)).is_training
    if (
        training_stage
        and not (fields.get("method") is not None and Method(fields["method"]).is_rl)
        and not (fields.get("seq_len") or fields.get("context"))
        and (fields.get("prompt_tokens") or fields.get("output_tokens"))
    ):
        # "lora com 30 mil pares pergunta/resposta de ~2k tokens": a fine-tune's examples are its sequences,
        # question and answer together (an RL run's lengths are its prompts and completions, read above).
        fields["seq_len"] = (fields.get("prompt_tokens") or 0) + (fields.get("output_tokens") or 0)
        fields["prompt_tokens"] = fields["output_tokens"] = None
    if not training_stage and fields.get("batch") and not fields.get("users") and base is None:
        # "tokens/s numa h200 com batch 64": in a serving question a batch is the sequences decoded together,
        # vLLM's concurrency (it had been read as a training batch and the answer sized one user).
        fields["users"], fields["users_at_once"], fields["batch"] = fields["batch"], True, None
        fields["users_batch"] = True  # a batch's sequences, said as one (not "32 usuários simultâneos")
    gpus = fields.get("gpus") or (base.gpus if base is not None else None)
    if (
        training_stage
        and fields.get("batch")
        and not scan.found.get("batch_per_gpu")
        and not fields.get("global_batch")
        and gpus
        and gpus > 1
        and fields["batch"] % gpus == 0
    ):
        # "fine-tune llama 3.1 8b, batch size 8, em 8 GPUs": a batch said with several GPUs is the global one,
        # across them (it had been 8 sequences on each GPU, which fit nowhere); said in the answer. Only a
        # multiple of the GPUs can be: "batch 2" on 4 GPUs is each one's.
        fields["global_batch"], fields["batch"], fields["batch_as_global"] = fields["batch"], None, True
    elif (
        training_stage
        and fields.get("batch")
        and fields.get("steps")
        and not scan.found.get("batch_per_gpu")
        and not fields.get("global_batch")
    ):
        # "treinar llama 3.1 8b com 1000 steps, batch 32": a batch said with the run's steps is the one an
        # optimizer step reads, the global batch (it had been 32 sequences on each GPU, which fit nowhere).
        fields["global_batch"], fields["batch"], fields["batch_as_global"] = fields["batch"], None, True
    by_memory = dict(scan.found.get("gpu_by_memory", []))
    if fields.get("gpu") in by_memory:
        fields["gpu_memory_typed"] = by_memory[fields["gpu"]]  # sizing/plan.py says which card that is
    if fields.get("precision") is None and _quantized(strip_accents(scan.original.lower())):
        fields["quantized"] = True  # "quantizado" with no format: sizing/plan.py picks and says one
    if fields.get("precision") is None and QAT.search(scan.original.lower()):
        fields["qat"] = (
            True  # "gemma 3 27b qat": its 4-bit QAT release (sizing/plan.py), never a word ignored
        )
    if serving_gpus and (
        stage is None
        or not stage.is_training
        or not (any(fields.get(name) for name in LOAD_FIELDS) or fields.get("gpu"))
    ):
        # No training, or none of its model served to a load: every GPU named is the question's own. A GPU
        # named for each ("treinar ... em 8 h100 e depois servir em 2 h100") keeps the serving's with no load
        # said: the serving is judged on it at what it holds (sizing/serve_after.py).
        scan.found.update(serving_gpus["restore"])
        fields.update(
            _gpus_named(scan),
            serving_gpu=None,
            serving_gpus=None,
            serving_compare_gpus=None,
            serving_compare_counts=None,
        )
    if periods := scan.found.get("data_periods"):
        # "2 milhões de tokens por semana durante 4 semanas": the periods' data summed (one period when no
        # span is said: its volume is the dataset), said in the answer (sizing/plan.py).
        count, typed = periods[0]
        for key in ("tokens", "examples", "data_bytes"):
            if fields.get(key):
                fields[key] *= count
        fields["data_period"], fields["data_periods"] = typed, count
    workload = {k: v for k, v in fields.items() if v is not None}
    typed_precisions = {normalize(t) for _, t in scan.found.get("precision", [])}
    query.gguf_default = fields.get("precision") == "q4_k_m" and typed_precisions == {"gguf"}
    trained = {kind for kind, _ in scan.found.get("stage", [])} - {"inference"} == {"train"}
    if stage is Stage.pretrain and model and trained and _BASE_RELEASE.search(scan.original):
        # "treinar o deepseek v3 base": a base release is what pre-training leaves, and "trained" with nothing
        # more it continues that pre-training (DeepSeek-V3-Base, Llama 3.1 8B base); a released chat model is
        # fine-tuned (below). The answer says how it was read.
        workload["train_base"] = True
    elif (
        stage is Stage.pretrain
        and model
        and trained
        and ("tokens" not in scan.found or scan.found.get("dialogue_data"))
    ):
        # "quero treinar o llama 3.1 8b com os dados da empresa": a released model "trained" on a company's
        # data is fine-tuned, not pre-trained on billions of tokens; "do zero", "pré-treino" or a count of
        # tokens still say a pre-training, unless the tokens are conversations ("1 bilhão de tokens de conversas
        # de atendimento"): those are a fine-tune's data whatever their volume (it had been a continued
        # pre-training). The answer says how it was read.
        stage, workload["train_as_fine_tune"] = Stage.full, True
        if scan.found.get("dialogue_data"):
            workload["dialogue_data"] = True
    if scan.found.get("rl_reward_arch"):
        workload["rl_reward_arch"] = _one(scan, "rl_reward_arch", "rl_reward_model")
    if (
        scan.found.get("fp8_engine")
        and stage is not None
        and stage.is_training
        and not workload.get("precision")
    ):
        workload["precision"] = "fp8"  # "com transformer engine": an FP8 training (TRANSFORMER_ENGINE)
    if scan.found.get("teacher_model"):
        # "a 1B student from llama 3.1 70b teacher": a distillation trains the student (sizing/plan.py says
        # what the teacher adds); with no training word, a fine-tune of it
        workload["teacher_model"] = _one(scan, "teacher_model", "model")
        if scan.found.get("teacher_offline"):
            workload["teacher_offline"] = True
        if stage is None or not stage.is_training:
            stage = Stage.full
    if (
        stage is Stage.full
        and workload.get("stack") == "unsloth"
        and not {kind for kind, _ in scan.found.get("stage", [])} & {"full", "pretrain"}
    ):
        # "fine-tune do llama 3.1 8b com unsloth numa 4090": Unsloth is a LoRA/QLoRA library (its docs:
        # full fine-tuning is opt-in, full_finetuning=True), so with no method said the run is LoRA, or
        # QLoRA where LoRA does not fit the card named (sizing/engine.py); the answer says the assumption.
        stage, workload["adapter_from_stack"] = Stage.lora, True
        workload.pop("train_as_fine_tune", None)
        if _loaded_in_4bit(scan, workload.get("precision")):
            # "treino com unsloth do qwen3 14b em 4bit": Unsloth's 4-bit LoRA is QLoRA (it had been refused
            # with the remark that LoRA over 4 bits is QLoRA)
            stage, workload["precision"] = Stage.qlora, None
    if stage is Stage.full and _adapter_for_data(scan, workload):
        # "quero treinar o qwen3 8b com 500 mil conversas": "treinar" names no method, and a dataset of
        # this size teaches style and task, which LoRA learns about as well as a full fine-tune while
        # forgetting less of the base (sizing/plan.py says so, with the source); it had been a full
        # fine-tune on 2x H200.
        stage, workload["adapter_for_data"] = Stage.lora, True
        workload.pop("train_as_fine_tune", None)
    elif stage is Stage.full and not _data_said(workload) and _method_unsaid(scan, workload):
        # "fine-tune llama 3.1 8b", no data and no method: the full fine-tune, the most the job can need, said
        # as a choice (with 50k examples it would have been LoRA, silently full without them)
        workload["full_no_method"] = True
    if stage is not None:
        workload["stage"] = stage
    if workload.get("compare_stages"):
        # the methods weighed beside the run's own (a LoRA said with 4 bits is already the QLoRA weighed)
        others = [
            m for m in workload["compare_stages"] if stage is not None and stage.is_training and m != stage
        ]
        workload["compare_stages"] = others or None
    if query.lang:
        workload["lang"] = query.lang
    if size and not model:
        # Kept aside until the words' typos are read (_parse): "pretrian 8b" is a pre-training, no family.
        query.family_candidate = named_beyond or _unknown_family(scan, query, family_words(catalog))
    elif scan.found.get("family_version"):
        query.family_candidate = (scan.found["family_version"][0], [])
    if scan.found.get("whole_group") and not any(workload.get(k) for k in LOAD_FIELDS):
        query.whole_group = [typed for _, typed in scan.found["whole_group"]]
    if (model or size) and scan.found.get("family") and _CHOICE_OR.search(scan.work):
        # "foobar 30b ou qwen": the unknown name sized by its size, the family beside it asked which
        query.family_unsized = _families_unsized(scan, model or size, catalog)
    query.workload = Workload.given({"model": model or size, **workload})
    return query


# A size typed right after a model's name, a version between ("rwkv7 2.9b", "mamba 2 2.7b"): the name's own.
_OWN_SIZE_AFTER = regexes.compile(
    r"[\s_-]*(?:v?\d+(?:\.\d+)*[\s_-]+)?\d+(?:[.,]\d+)?\s*[bm]\b", re.IGNORECASE
)


# "ou", "or", "vs", "x" between two models: a choice weighed
_CHOICE_OR = regexes.compile(r"(?:^|\s)(?:ou|or|vs\.?|versus|x)(?:\s|$)")


_SIZE_SAID = regexes.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*b\b")


def _families_unsized(scan: _Scan, model: str, catalog: Catalog) -> list[tuple[str, str]]:
    """The family words said beside a sized model of another family ("llama 70b ou qwen"), each with its model
    nearest the sized one's size, to name as an example."""
    try:
        params = catalog.model(model).params
    except KeyError:
        # a version the catalogue does not hold ("gemma 5 30b ou qwen"): the size its name says is the one to be
        # near (the family had been dropped without a word)
        said = _SIZE_SAID.search(model)
        if said is None:
            return []
        params = float(said.group(1)) * 1e9
    out = []
    for word, typed in scan.found["family"]:
        members = family_members(catalog).get(normalize(word), [])
        if not members or model in members or normalize(word) in normalize(model):
            continue
        nearest = min((catalog.model(m) for m in members), key=lambda m: abs(math.log(m.params / params)))
        out.append((typed, nearest.name))
    return out


# "qwen 2,5 coder 32b": a variant's word may stand between the version and the size (it had been "Não entendi:
# 2,5, coder", the base model sized)
_COMMA_VERSION = regexes.compile(
    r"(?<![\w.,])[a-z]+[\s_-]*\d,\d(?=[\s_-]+(?:[a-z]{2,10}[\s_-]+)?\d+(?:[.,]\d+)?\s*b\b)"
)
_NAME_BEFORE = regexes.compile(r"((?:[a-z0-9][\w]*(?:[.-][\w]+)*[\s_-]+){1,3})$", re.IGNORECASE)
_NAME_PARTS = regexes.compile(r"[\s._-]+")
_VERSION_WORD = regexes.compile(r"v?\d{1,2}(?:\.\d{1,2})?$", re.IGNORECASE)


_ARTICLES = frozenset(
    [
        "o",
        "a",
        "os",
        "as",
        "um",
        "uma",
        "uns",
        "umas",
        "do",
        "da",
        "dos",
        "das",
        "no",
        "na",
        "nos",
        "nas",
        "de",
        "em",
        "com",
        "pra",
        "para",
        "por",
        "the",
        "an",
        "of",
        "for",
        "on",
        "with",
        "to",
    ]
)


_LACKING_NAME = regexes.compile(r"[a-z][a-z-]{2,}")
# After a name: its version ("3", "4.0", "v2") or a tag with digits ("a13b", "h1", "k2"), then short words not
# understood ("h small", "air").
_VERSION_AFTER = regexes.compile(r"[\s_-]*(?:v?\d+(?:\.\d+)*|[a-z]\d+[a-z]?\d*b?)(?![\w.])")
_TAIL_WORD = regexes.compile(r"\s+([a-z]{1,6})(?![\w.])")


def _unknown_named(unknown: list[str], original: str) -> str | None:
    """A name the catalogue lacks, with its version, among the words not understood: "olmo 3", "granite 4.0 h
    small", "hunyuan a13b". None when no word not understood is followed by a version."""
    lowered = strip_accents(original.lower())
    left = {strip_accents(u.lower()) for u in unknown}
    for word in unknown:
        plain = strip_accents(word.lower())
        if not _LACKING_NAME.fullmatch(plain):
            continue
        at = re.search(rf"(?<![\w.-]){re.escape(plain)}(?![\w.-])", lowered)
        version = _VERSION_AFTER.match(lowered, at.end()) if at else None
        if version is None:
            continue
        end = version.end()
        while (tail := _TAIL_WORD.match(lowered, end)) and tail.group(1) in left:
            end = tail.end()
        return original[at.start() : end].strip()
    return None


_VERSION_TAIL = regexes.compile(r"[\s_-]+v\d+(?:[._]\d+)?(?!\w)", re.IGNORECASE)
_SIZE_IN_TYPED = regexes.compile(r"\d(?:\.\d+)?\s*[bm]\b", re.IGNORECASE)
_WORD_RUNS = regexes.compile(r"[^\W_]+")
_NAME_WORD = regexes.compile(r"[^\W\d_]{3,}")
_NUMBER_IN = regexes.compile(r"\d+(?:\.\d+)?")


MODEL_VARIANTS = frozenset(strip_accents(w.lower()) for w in VOCAB.plain("words.model_variants"))
_SIZE_WORD_AFTER = regexes.compile(r"[\s_-]+([^\W_]+)")
_SIZE_AFTER_WORD = regexes.compile(r"[\s_-]+(\d+(?:\.\d+)?\s*[bm])\b", re.IGNORECASE)


def _family_suffix(scan: _Scan, query: Query, catalog: Catalog) -> None:
    """ "deepseek janus", "qwen math 7b", "deepseek prover": a bare family word, then a word that names a
    specialised release (one not understood, or a variant word of models.toml's families), is a model the
    catalogue may lack, never the family's flagship or its model of that size ("deepseek ocr" had been DeepSeek
    V3, 671B, on 8 H200s). The whole name is looked up; when the catalogue lacks it, the answer says so with the
    closest names it has (names.resolve_model's suggestions). A task word after the family ("qwen ocr 7b",
    "deepseek para chat") is left alone: that is what the model is for."""
    typed = scan.found.get("family", [(None, "")])[0][1] or scan.found.get("model", [(None, "")])[0][1]
    if not typed or normalize(typed) not in family_words(catalog):
        return
    low = scan.original.lower()
    at = low.find(typed.lower())
    after = _SIZE_WORD_AFTER.match(low, at + len(typed)) if at >= 0 else None
    if after is None:
        return
    word = strip_accents(after.group(1))
    unknown = {strip_accents(u.lower()) for u in query.unknown}
    if not re.match(r"[a-z]", word) or (word not in unknown and word not in MODEL_VARIANTS):
        return
    name = f"{typed} {after.group(1)}"
    if sized := _SIZE_AFTER_WORD.match(low, after.end()):
        name = f"{name} {sized.group(1)}"
    try:
        resolve_model(name, catalog)
    except SizingError as e:
        # its size was said: the usual hint ("say its size") would ask for what the question gave
        raise QueryError(e.key, hint="family_variant_how" if sized else e.hint_key, **e.params) from None


def _name_beyond(scan: _Scan, query: Query) -> tuple[str, list[str]] | None:
    """ "llama 3.3 nemotron super 49b v1.5": a catalogue name, then words not understood, then a size not its
    own, is another model whose name holds the family's (NVIDIA's, built on Llama 3.3): named as typed, with
    the words it takes, and sized by its size as an unknown family's model is (_unknown_family). It had been
    "O pedido se contradiz: “llama 3.3” e “49b”", while "nvidia nemotron super 49b" was sized."""
    typed_model, typed_size = scan.found["model"][0][1], scan.found["size"][0][1]
    if _SIZE_IN_TYPED.search(typed_model):
        return (
            None  # "llama 3.1 8b ... 70b": a name with its own size names a model whole; two sizes contradict
        )
    low = scan.original.lower()
    start = low.find(typed_model.lower())
    at = low.find(typed_size.lower(), start + len(typed_model)) if start >= 0 else -1
    if at < 0:
        return None
    words = [w.lower() for w in _WORD_RUNS.findall(scan.original[start + len(typed_model) : at])]
    unknown = {u.lower(): u for u in query.unknown}
    if not words or not all(w in unknown for w in words) or not any(_NAME_WORD.fullmatch(w) for w in words):
        return None
    end = at + len(typed_size)
    taken = [unknown[w] for w in dict.fromkeys(words)]
    if (version := _VERSION_TAIL.match(scan.original, end)) and version.group(0).strip(
        " _-"
    ).lower() in unknown:
        end = version.end()
        taken.append(unknown[version.group(0).strip(" _-").lower()])
    return scan.original[start:end].strip(), taken


def _unknown_family(scan: _Scan, query: Query, families: frozenset[str]) -> tuple[str, list[str]] | None:
    """ "granite 3.3 8b", "olmo-2-32b": a name the catalogue lacks right before the size, which is sized by
    that size, as typed, with the words not understood it takes (the answer's note says it: sizing/plan.py).
    A family's word glued into it ("dolphin-qwen-9b") is part of the name, its base (_parse sizes it so)."""
    typed_size = scan.found.get("size", [(None, "")])[0][1]
    at = scan.original.lower().find(typed_size.lower()) if typed_size else -1
    if at <= 0:
        return None
    before = _NAME_BEFORE.search(scan.original, 0, at)
    if before is None:
        return None

    def parts(text: str) -> list[str]:
        return [p for p in _NAME_PARTS.split(text.lower()) if p]

    unknown = {p for u in query.unknown for p in parts(u)}
    start, named = at, set()
    for word in reversed(list(re.finditer(r"\S+", scan.original[before.start(1) : at]))):
        # The words right before the size, while each is made of words not understood, versions ("olmo 2",
        # "granite-3.1-") and short tails ("seed-oss"), one of them a name.
        pieces = parts(word.group(0))
        if not pieces or not all(
            p in unknown or _VERSION_WORD.match(p) or len(p) <= 3 or p in families for p in pieces
        ):
            break
        if all(p in _ARTICLES for p in pieces) or _CHOICE_OR.fullmatch(word.group(0).lower()):
            break  # "rodar o nemotron nano 9b": the article is no part of the name, "qwen ou foobar 30b" the choice
        named.update(pieces)
        start = before.start(1) + word.start()
    if not any(p in unknown and re.match(r"[a-z]{3,}", p) for p in named):
        return None
    taken = [u for u in query.unknown if set(parts(u)) <= named]
    return scan.original[start : at + len(typed_size)].strip(), taken


TRAFFIC_FIELDS = {
    "prompt_tokens": "traffic.prompt", "shared_prefix_tokens": "traffic.system_prompt", "prompt_pages": "traffic.pages", "output_tokens": "traffic.output", "rate_per_s": "traffic.rate",
    "requests_per_day": "traffic.day", "requests_per_week": "traffic.week", "requests_per_month": "traffic.month", "population": "traffic.population", "active_share": "traffic.share",
    "peak_factor": "traffic.peak_factor", "seasonal_peak": "traffic.seasonal_peak",
    "requests_per_active_hour": "traffic.per_hour",
    "ttft_s": "traffic.ttft", "e2e_s": "traffic.e2e", "utilization": "traffic.utilization", "latency_percentile": "traffic.percentile", "tokens_per_s": "traffic.tps", "cost": "traffic.cost",
    "batch_items": "traffic.batch", "batch_seconds": "traffic.batch", "fast_latency": "traffic.fast", "code_completion": "traffic.fast",
    "waited_on": "traffic.waited",
    "items_volume": "traffic.day",
    # set by _build, never read from a phrase: listed so a thread that moves to training drops it (SERVING_ONLY)
    "lengths_from_volume": "traffic.prompt",
    "rate_from_volume": "traffic.rate",
    "volume_period_s": "traffic.rate",
    "rate_period_s": "traffic.rate",
}  # fmt: skip
# A request rate, a daily or monthly volume and a head-count each set the load: a follow-up naming one drops the others.
LOAD_BASES = (
    "rate_per_s",
    "requests_per_day",
    "requests_per_week",
    "requests_per_month",
    "population",
    "users",
)
# The load's people (the head-count the requests come from, and those at once), and its rates and volumes.
PEOPLE_BASES = ("population", "users")
RATE_BASES = tuple(k for k in LOAD_BASES if k not in PEOPLE_BASES)
# What a thread's answer was sized with that means nothing once it moves between serving and training.
# Copies of the model required for availability: "e sem redundância?" in a thread drops them all.
AVAILABILITY_FIELDS = ("replicas", "high_availability", "spare_replicas", "zones")
# Words that make a count of tokens output to write ("gerar 1 milhão de tokens", "generate 10M tokens").
GENERATE_WORDS = regexes.compile(rf"\b(?:{_W('words.generate')})\b")
# Words that make a volume of words a translation ("traduzir 10 milhões de palavras") or a reading one
# ("processar 10 milhões de palavras", "classify 5 million words").
TRANSLATE_WORDS = regexes.compile(rf"\b(?:{_W('words.translate')})\b")
READ_WORDS = regexes.compile(rf"\b(?:{_W('words.read_volume')})\b")
SERVING_ONLY = frozenset(
    {
        "precision",
        "kv_precision",
        "context",
        "users",
        "users_limit",
        "pilot_users",
        "growth",
        "growth_later",
        "contract",
        "term_days",
        "lora_adapters",
        "encoders",
        "speech_audio_hours",
        "speech_period_s",
        "speech_deadline",
        "speech_streams",
        "read_period_s",
        "images",
        "image_size",
        "with_images",
        "video_seconds",
        "video_fps",
        "turns",
        "generated_tokens",
        "read_tokens",
        "translation",
        "quantize_run",
        "documents",
        *TRAFFIC_FIELDS,
        *AVAILABILITY_FIELDS,
    }
    - {"cost"}
)
TRAINING_ONLY = frozenset(
    {"seq_len", "batch", "zero", "compare_zero", "compare_stages", "tokens", "optimizer", "lora_rank", "checkpointing", "cpu_offload",
     "lora_targets", "offload_params", "pp", "ep", "cp", "context_split", "selective_recompute", "eager_attention", "dualpipe", "pipeline_schedule", "virtual_stages", "compiled", "pure_bf16", "lora_dropout", "async_tp", "nvme_offload", "cut_cross_entropy", "method", "rl_generations", "rl_generation", "rl_reference", "rl_reward_model",
     "rl_reward_models", "rl_reward_arch", "days", "examples", "example_tokens", "example_average", "data_bytes", "epochs", "stack", "teacher_model", "teacher_offline", "global_batch", "grad_accum", "steps",
     "batch_as_global", "data_period", "data_periods", "vision_trained"}
)  # fmt: skip


_SIZE_OF_OWN_NAME = regexes.compile(r"(?<![\w.])(\d+(?:\.\d+)?)b\b")
_SIZE_VALUE = regexes.compile(r"(\d+(?:\.\d+)?)b(?:-a(\d+(?:\.\d+)?)b)?")


def _family_with_size(catalog: Catalog, model: str, size: str) -> str | None:
    """The first family word naming `model` that has a member of the typed size (within 10%)."""
    m = _SIZE_VALUE.fullmatch(size)
    if m is None or m.group(2):
        return None
    wanted = float(m.group(1))
    entries = {e.id: e for e in catalog.all_models}
    params = {i: e.params_official_billions for i, e in entries.items()}
    # A derivative is in its families, and in its architecture's ("qwen2.5-coder-7b" in Qwen2.5's).
    named = {model, getattr(entries.get(model), "derived_from", None)} - {None}
    for word, ids in family_members(catalog).items():
        if named & set(ids) and any(abs(params[i] - wanted) <= 0.10 * wanted for i in ids if i in params):
            return word
    return None


def _shared_prefix(a: str, b: str) -> int:
    """How many leading characters two ids share ("qwen2.5-14b", "qwen2.5-32b": 9)."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _thread_family_size(catalog: Catalog, model: str, size: str) -> str | None:
    """The model of `model`'s family named with the typed size, of its own release where there is one
    ("qwen2.5-14b" for "14b" under Qwen2.5 32B, before Qwen3 14B: the id sharing most of the thread's); None when
    none is. Only the size its name says: "70b" under Qwen2.5 stays the catalogue's 70B (Llama), not the Qwen 72B a
    family read within 10% would be."""
    m = _SIZE_VALUE.fullmatch(size)
    if m is None or m.group(2):
        return None
    typed = f"{float(m.group(1)):g}b"
    entries = {e.id: e for e in catalog.all_models}
    named = {model, getattr(entries.get(model), "derived_from", None)} - {None}
    families = sorted((ids for ids in family_members(catalog).values() if named & set(ids)), key=len)
    for ids in families:
        sized = [i for i in ids if i in entries and (said := _ID_SIZE.search(i)) and said.group(1) == typed]
        if sized:
            return max(sized, key=lambda i: _shared_prefix(i, model))
    return None


def _point_release_member(catalog: Catalog, series: Series, size: str) -> str | None:
    """The member of that size in the first point release of `series` that has one ("llama-3.1-405b" for Llama 3
    and 405b: Meta released the 405B as Llama 3.1, model card meta-llama/Llama-3.1-405B), or None."""
    for later in sorted((s for s in catalog.series if s.id.startswith(series.id + ".")), key=lambda s: s.id):
        for m in later.models:
            if _own_size(catalog, m, size) or m.endswith("-" + normalize(size)):
                return m
    return None


def _series(catalog: Catalog, series_id: str) -> Series:
    return next(s for s in catalog.series if s.id == series_id)


def _series_member(scan: _Scan, catalog: Catalog, model: str | None, size: str | None) -> tuple:
    """(model, size) once a series named without a size of its own is read: "llama 3.1 de 70b" is its
    member of that size; "qwen3" alone asks which size, listing them, rather than size a guess."""
    series_id, typed = scan.found["series"][0]
    series = _series(catalog, series_id)
    if model:
        if model in series.models:
            return model, size  # "llama 3.1 Llama-3.1-8B-Instruct": the series and its member
        raise QueryError("query.contradiction", what="model", first=typed, second=scan.found["model"][0][1])
    sizes = _sizes_of(series, catalog)
    if size:
        # Its own size, or the size its name rounds to ("qwen2.5 math 7b": qwen2.5-7b has 7.6B; it had been
        # "Qwen2.5 não tem 7B: vem em ... 7B").
        member = next(
            (m for m in series.models if _own_size(catalog, m, size) or m.endswith("-" + normalize(size))),
            None,
        )
        if member is None and size.upper() not in series.uncatalogued_sizes:
            # "nemotron 3 120b": the total of a size the catalogue lacks, a mixture of experts named by it ("Super
            # 120B-A12B"), is that one (it had been "Nemotron 3 não tem 120B", beside the release's own 120B)
            size = next((u for u in series.uncatalogued_sizes if _uncatalogued_total(u, size)), size)
        if member is None and size.upper() in (u.upper() for u in series.uncatalogued_sizes):
            rest = scan.original.replace(scan.found["size"][0][1], "", 1)
            # The example: the family's catalogue model nearest that size ("gemma 4 e4b no celular": Gemma 3
            # 4B), not the series' smallest (it had been `/gpu gemma 4 26b-a4b no celular`).
            billions = float(number.group(0)) if (number := _NUMBER_IN.search(size)) else 0.0
            family = family_members(catalog).get(normalize(series.name.split()[0])) or series.models
            nearest = min((catalog.model(m) for m in family), key=lambda m: abs(m.params / 1e9 - billions))
            example = _example(rest, typed, nearest.name)
            said = next(u for u in series.uncatalogued_sizes if u.upper() == size.upper())  # as published
            raise QueryError("query.series_uncatalogued_size", hint=None, series=series.name, size=said,
                             sizes=sizes, example=" ".join(example.split()))  # fmt: skip
        if member is None and (point := _point_release_member(catalog, series, size)) is not None:
            # "llama 3 405b": the 405B came with Llama 3.1, a point release of the series named; that one, said
            # ("Li “llama 3 405b” como Llama 3.1 405B.": it had been "Llama 3 não tem 405B", an error)
            typed_size = scan.found["size"][0][1]
            scan.found["model"] = [(point, f"{typed} {typed_size}")]
            scan.found["series_point"] = [(catalog.model(point).name, f"{typed} {typed_size}")]
            return point, None
        if member is None:
            # The example: the member nearest the size typed, in the question as asked.
            typed_size = scan.found["size"][0][1]
            value = _SIZE_VALUE.fullmatch(size)
            billions = float(value.group(1)) if value else 0.0
            nearest = min(
                (catalog.model(m) for m in series.models), key=lambda m: abs(m.params / 1e9 - billions)
            )
            # "llama 3.1 de 300b": the size goes with the word that joined it to the name.
            rest = re.sub(rf"(?:\b(?:de|do|da|of|com|with)\s+)?{re.escape(typed_size)}", "", scan.original,
                          count=1, flags=re.IGNORECASE)  # fmt: skip
            example = _example(rest, typed, nearest.name)
            raise QueryError("query.series_lacks_size", hint=None, series=series.name, size=typed_size.upper(),
                             sizes=sizes, example=" ".join(example.split()))  # fmt: skip
        scan.found["model"] = [(member, f"{typed} {scan.found['size'][0][1]}")]
        return member, None
    example_model = catalog.model(series.models[len(series.models) // 2])
    # The release's sizes the catalogue lacks are listed too, and said missing: "starcoder2" comes in 3B, 7B and
    # 15B, not in the 15B alone (it had been sized as the 15B, the only one asked back with).
    missing = series.uncatalogued_sizes
    if missing:
        sizes = _with_missing_sizes(sizes, missing)
    raise QueryError("query.series_size", hint="series_uncatalogued" if missing else None, series=series.name,
                     sizes=sizes, missing=", ".join(missing),
                     example=_example(_without_variant(scan, typed), typed, example_model.name))  # fmt: skip


def _uncatalogued_total(published: str, size: str) -> bool:
    """Whether a size typed ("120b") is the total of a mixture of experts' published size ("Super 120B-A12B")."""
    typed = _SIZE_VALUE.fullmatch(size)
    total = _published_total(published.split()[-1])
    return (
        bool(typed and not typed.group(2) and total and total[1])
        and abs(total[0] / (float(typed.group(1)) * 1e9) - 1) <= FAMILY_SAME_SIZE
    )


def _with_missing_sizes(sizes: str, missing: list[str]) -> str:
    """The sizes a series has in the catalogue and those it lacks, in the order of their first number
    ("E2B, E4B, 26B-A4B, 31B")."""
    every = sizes.split(", ") + list(missing)
    return ", ".join(sorted(every, key=lambda s: float(n.group(0)) if (n := _NUMBER_IN.search(s)) else 0.0))


SIZE_ONLY = regexes.compile(r"\d+(?:\.\d+)?b")


def _sizes_of(series, catalog: Catalog) -> str:
    """ "0.6B, 1.7B, 4B...": each member's name without the series' own words."""
    out = []
    for model_id in series.models:
        name = catalog.model(model_id).name
        if normalize(name).startswith(normalize(series.name)):
            rest = name[len(series.name) :].strip(" -")
            name = rest.upper() if SIZE_ONLY.fullmatch(rest) else rest or name  # "gpt-oss-20b": "20B"
        out.append(name)
    return ", ".join(out)


def _other_family(scan: _Scan, base: Workload, catalog: Catalog) -> bool:
    """Whether a family word said in a thread names a family the thread's model is not of."""
    if not scan.found.get("family"):
        return False
    word = scan.found["family"][0][0]
    return base.model not in family_members(catalog).get(normalize(word), [])


def _which_release(model_id: str, version: str, catalog: Catalog) -> QueryError:
    """A release said alone in a thread whose model's size it lacks, with none near it: which of its models."""
    entry = catalog.model(model_id)
    members = sorted(
        (catalog.model(m) for m in _release_members(model_id, version, catalog)), key=lambda m: m.params
    )
    nearest = min(members, key=lambda m: abs(math.log(m.params / entry.params)))
    return QueryError("query.release_model", hint=None, family=members[0].name.rsplit(" ", 1)[0],
                      models=", ".join(m.name for m in members), model=entry.name, example=nearest.name.lower())  # fmt: skip


def _which_model(scan: _Scan, catalog: Catalog) -> QueryError:
    """A family word with neither a size nor a model ("mistral com 20 usuários"): its models, newest first."""
    word, typed = scan.found["family"][0]
    at = scan.original.lower().find(typed.lower())
    version = _FAMILY_THEN_VERSION.match(scan.original.lower(), at + len(typed)) if at >= 0 else None
    if version:
        # "minimax m2.5", "gemma 4", "llama 5": a version of the family the catalogue lacks, said so with the
        # closest names it has, rather than asked which of its models
        try:
            resolve_model(scan.original[at : version.end()], catalog)
        except SizingError as e:
            return QueryError.from_sizing(e)
    members = [catalog.model(m).name for m in family_members(catalog).get(normalize(word), [])]
    if not members:
        return QueryError("query.no_model")
    shown = ", ".join(members[:8]) + (f" (+{len(members) - 8})" if len(members) > 8 else "")
    example = _example(_without_variant(scan, typed), typed, members[min(2, len(members) - 1)])
    after = _TOKEN_AFTER.match(scan.original, at + len(typed)) if at >= 0 else None
    named = [m for m in members if after and after.group(1).lower() in m.lower().split()]
    if len(named) == 1:
        # "devstral 2507": the one member whose name holds the word typed after the family is the example, the
        # word said once (it had been `/gpu devstral small 2507 2507`)
        question = scan.original[: after.start()] + scan.original[after.end() :]
        example = _example(question, typed, named[0])
    return QueryError("query.family_model", hint=None, family=typed, models=shown, example=example)


_TOKEN_AFTER = regexes.compile(r"[\s_-]+([\w.]+)")


# "gemma 3n": a version with a letter of its own after it is a version too (its example had kept "3n").
_FAMILY_THEN_VERSION = regexes.compile(rf"[\s_-]*[kmrv]?\d{{1,2}}(?:\.\d{{1,2}})?n?{_VERSION_END}")


def _example(original: str, typed: str, name: str) -> str:
    """The question as asked, with `typed` replaced by a model's full name: what to send instead. A long
    question is not repeated: the name alone."""
    words = " ".join(original.split()).replace("`", "ˋ")
    at = words.lower().find(typed.lower())
    # "GLM-4.5 (355B-A32B)": the name without what it says in parentheses, as people type it.
    name = _PARENTHESES.sub("", name).lower()
    if len(words) > 100 or at < 0:
        return name
    return words[:at] + name + words[at + len(typed) :]


_PARENTHESES = regexes.compile(r"\s*\([^)]*\)")
_WORD_AFTER = regexes.compile(r"[\s_-]+([^\W\d_][\w.+-]*)")


def _without_variant(scan: _Scan, typed: str) -> str:
    """The question without the word not understood right after the name `typed`: the variant it named ("hunyuan
    turbo", "llama 4 reasoning"), which an example with another model in its place must not keep (it had
    suggested `/gpu hunyuan-a13b turbo`)."""
    at = scan.original.lower().find(typed.lower())
    after = _WORD_AFTER.match(scan.original, at + len(typed)) if at >= 0 else None
    if after is None:
        return scan.original
    word = strip_accents(after.group(1)).lower()
    unread = scan.work[after.start(1) : after.end(1)] == word  # blanked once something read it
    if not unread or word in FILLER or word in traffic_query.filler():
        return scan.original
    return scan.original[: after.start()] + scan.original[after.end() :]


def _example_length(scan: _Scan, training: bool) -> None:
    """EXAMPLE_LENGTH: the tokens of one example, blanked without the examples' count and word (read later);
    in a training (`training`), EXAMPLE_LENGTH_AFTER's too, blanked whole (it counts no examples)."""
    # examples said with no count ("e com exemplos de 4k tokens?") are blanked with their length: nothing
    # reads them later (they had been "Não entendi: “exemplos”")
    counted = [m.span() for pattern in (EXAMPLES, EXAMPLE_PAIRS) for m in scan.finditer(pattern)]
    matches = []
    for m in scan.finditer(EXAMPLE_LENGTH):
        uncounted = not any(start < m.start("length") and m.start() < end for start, end in counted)
        matches.append((m, "length", "n", "unit", uncounted))
    if training:
        for m in scan.finditer(EXAMPLE_LENGTH_AFTER):
            if any(m.start() < read.end() and read.start() < m.end() for read, *_ in matches):
                continue  # "50k examples, average 1.2k tokens per example": read above, whole
            group = "length" if m.group("length") else "length2"
            n, unit = ("n", "unit") if group == "length" else ("n2", "unit2")
            matches.append((m, group, n, unit, True))
    for m, group, n, unit, whole in matches:
        # "k" is 1024 as in a sequence length, "mil" a thousand ("exemplos de 2 mil tokens"); an average is no
        # sequence length, its "1.2k" the 1,200 of a count
        typed = scan.original[m.start(group) : m.end(group)].strip()
        average = bool(_AVERAGE_WORDS.search(strip_accents(typed.lower())))
        k = 1000 if average else 1024
        # "de até 1.500 tokens" is grouped thousands, as a count is written (it had been 1,5: "2 tokens")
        value = _float(m.group(n)) if m.group(unit) else _count(m.group(n))
        tokens = round(value * {"k": k, "mil": 1000}.get(m.group(unit) or "", 1))
        if tokens <= 0:
            continue
        scan.found.setdefault("example_tokens", []).append((tokens, typed))
        if average:
            scan.found["example_average"] = True
        scan.blank(*(m.span() if whole else m.span(group)))


def _examples_count(m: re.Match) -> int:
    """ "50 mil exemplos", "5k pairs", "20k contracts": the count, times its multiplier."""
    return round(_count(m.group(1)) * (UNIT_VALUES[_unit(m.group(2))] if m.group(2) else 1))


def _own_size(catalog: Catalog, model: str, size: str) -> bool:
    """Whether a size typed next to a catalogue model's name is that model's own: its official size or its
    total or active parameters, as a rounded name says them (within 5%)."""
    entry = next((m for m in catalog.all_models if m.id == model), None)
    if entry is None:  # "Command-R+ 104B": a name kept as typed ("command-r plus") that is one of its aliases
        entry = _indexes(catalog)["model"].get(normalize(model))
    m = _SIZE_VALUE.fullmatch(size)
    if entry is None or m is None:
        return False
    own = (entry.params_official_billions, entry.params / 1e9, entry.active_params / 1e9)
    # The size its own name says is its own too: "Llama 3.2 1B" has 1.23B parameters ("lama 3.2 1b" had been
    # no typo of it, sized as an unknown model standing in for it).
    named = {float(n) for n in _SIZE_OF_OWN_NAME.findall(f"{entry.name} {entry.id}".lower())}
    if not any(abs(float(m.group(1)) - s) <= 0.05 * s for s in own) and float(m.group(1)) not in named:
        return False
    # The active size a name gives is rounded and counts the embeddings or not ("a5b" for gpt-oss-120b's
    # 5.1B active, 5.7B with the embeddings).
    return m.group(2) is None or _own_active(entry, m.group(2))


def _nothing_understood(unknown: list[str]) -> QueryError:
    words = ", ".join(f"“{u}”" for u in unknown[:5])
    error = QueryError("query.nothing_understood", words=f": {words}" if words else "")
    error.unknown = list(unknown)
    return error


def _people_total(scan: _Scan, fields: dict, base: Workload | None, query: Query) -> None:
    """ "800 pessoas no total", "800 pessoas, não ao mesmo tempo", and in a thread that counted people "são 800 no
    total", "800 no total, não ao mesmo tempo", "that's total head-count": the people who use the service, a
    head-count sized by traffic.toml's share at the peak (it had been 800 conversations at once, or a context
    of 800 tokens). People said at once beside them stay the load ("800 no total, 50 ao mesmo tempo")."""
    total = _one(scan, "people_total", "traffic.population")
    said = scan.found.get("users_total", [])
    if total is None and not said:
        return
    thread = (base.population or base.users) if base is not None else None
    people = (
        total or fields["population"] or (None if fields.get("users_at_once") else fields["users"]) or thread
    )
    if people is None or (total is None and fields.get("users_at_once")):
        query.unknown += [typed for _, typed in said]  # no one counted, or those at once said with it
        return
    fields["population"] = people
    if fields.get("users_at_once"):
        return
    fields["users"] = None
    if base is not None and base.users_at_once:
        fields["users_at_once"] = False  # the thread's count at once is now the people of a head-count


# A head-count said to use the service ("200 usuários ativos", "200 active users", "MAU") among a larger one of
# the organisation ("5000 funcionários", "5000 employees").
_ACTIVE_HEADS = regexes.compile(r"\b(?:ativos|ativas|active|mau|dau|mensais|monthly|diarios|daily)\b")


def _traffic(scan: _Scan) -> dict:
    others = _percentile_targets(scan)
    documents = scan.found.pop("shared_document_tokens", [])
    if documents:
        # A document every request reads is a shared prefix, said as a document (not as a system prompt).
        scan.found.setdefault("shared_prefix_tokens", []).extend(documents)
    heads = list(dict.fromkeys(scan.found.get("population", [])))
    organisation = None
    monthly = scan.found.get("people_per_month", [])
    if monthly and len({v for v, _ in heads}) == 1 and heads[0][0] > max(v for v, _ in monthly):
        # "20 mil colaboradores, 1500 usuários ativos mensais": the month's users are the load's people (read
        # with their month, _build), the organisation's are said and not used.
        organisation = heads[0][0]
        scan.found.pop("population")
    if len({v for v, _ in heads}) == 2:
        active = [(v, t) for v, t in heads if _ACTIVE_HEADS.search(strip_accents(t.lower()))]
        if len(active) == 1 and active[0][0] < max(v for v, _ in heads):
            # "5000 employees and 200 active users": the 200 are the people who use it, the load's head-count;
            # the organisation's 5,000 are said and not used (they had been a contradiction).
            organisation = max(v for v, _ in heads)
            scan.found["population"] = active
        elif named := _named_users(scan, [t for _, t in heads]):
            # "a fintech tem 500 funcionários, sendo 60 analistas de fraude, llama 70b pros analistas": the group
            # the assistant is said to be for is the load; a larger one is the organisation, said and not used
            kept = next(pair for pair in heads if pair[1] == named)
            scan.found["population"] = [kept]
            if (larger := max(v for v, _ in heads)) > kept[0]:
                organisation = larger
        elif not active:
            # "o tribunal tem 300 servidores e 40 juízes": two head-counts read apart (not one list summed), none
            # said to be the users: the larger is the load, the other said (query.other_groups), as for a day's
            # people beside a head-count (_larger_group). They had been refused as a contradiction.
            kept = max(heads, key=lambda pair: pair[0])
            scan.found["population"] = [kept]
            scan.found["other_groups"] = [(kept[1], t) for v, t in heads if v != kept[0]]
    off_peak = None
    rated = list(dict.fromkeys(scan.found.get("rate_per_s", [])))
    if len({v for v, _ in rated}) == 2 and _PEAK_SAID.search(strip_accents(scan.original.lower())):
        # "picos de 500 req/min na black friday, normal 50 req/min": the peak is what the GPUs must serve, the
        # other rate is the usual one, said in the answer (it had been refused as a contradiction).
        peak = max(rated, key=lambda pair: pair[0])
        off_peak = min(rated, key=lambda pair: pair[0])
        scan.found["rate_per_s"] = [peak]
    fields = _ones(scan, TRAFFIC_FIELDS)
    if off_peak is not None:
        # said as a quieter hours' rate is ("10 req/min à noite": _build, query.off_peak)
        scan.found.setdefault("rate_off_peak", []).append(off_peak)

    rates = scan.found.get("rate_per_s", [])
    if fields["rate_per_s"] is not None and len(rates) == 1:
        # "300 requisições por minuto": the unit it was said in, for a thread's "e com 1000?" (_bare_count)
        fields["rate_period_s"] = traffic_query.rate_period(rates[0][1])
    if others:
        fields["other_latency_targets"] = others
    if organisation is not None:
        fields["organisation_people"] = organisation
    if fields["shared_prefix_tokens"] is not None:  # a thread's next prefix says what it is anew
        fields["shared_prefix_document"] = bool(documents)
    return fields


# An agent's task, whose calls are counted ("15 chamadas ao llm por tarefa", "each task triggers 25 calls", "cada
# ticket gera umas 8 chamadas ao modelo"): calls to the model, not a chat's messages that each resend the history.
_TASKS = regexes.compile(r"\b(?:tarefas?|tasks?|chamadas|calls)\b")


def _percentile_targets(scan: _Scan) -> list[tuple[float, float]]:
    """ "ttft p50 < 500 ms e p99 < 2 s": an SLO at several percentiles (had been refused as a contradiction).
    The performance model gives typical (median) figures, so the target at the lowest percentile is sized;
    the others are returned, (percentile, seconds), for the answer to say they were not modelled."""
    percentiles, targets = scan.found.get("latency_percentile", []), scan.found.get("ttft_s", [])
    paired = [(p, s, typed) for p, typed in percentiles for s, other in targets if other == typed]
    if len({p for p, _, _ in paired}) < 2 or len(paired) != len(percentiles):
        return []
    kept = min(paired, key=lambda pair: (pair[0], pair[1]))
    scan.found["latency_percentile"] = [(kept[0], kept[2])]
    scan.found["ttft_s"] = [
        (s, typed) for s, typed in targets if typed == kept[2] or typed not in {t for *_, t in paired}
    ]
    return sorted({(p, s) for p, s, typed in paired if typed != kept[2]})


def _bare_count(n: int, base: Workload, catalog: Catalog, on: bool = False) -> str | None:
    """What a number said alone in a thread counts ("e com 4?", "and with 3?"): "gpus", "users" or
    "population", by what the thread is about, as a sales engineer reads it. A thread that counted GPUs
    ("em 2 h100", a GPU named: "cabe numa L40S?", what fits on one) and no people counts GPUs again; one that
    counted people ("20 usuários", "5 mil funcionários") and no GPUs counts people; a number no machine holds
    as GPUs (past the largest one we rent, 8) is people whatever the thread. With both counted, or neither,
    a number that could be either is asked back, with the two readings. A training thread has no people:
    GPUs, or past what a machine holds its examples when it counted some, else None (not understood). Said to run on it (`on`: "e se for em 3?",
    "what if we run it on 3?"), a number a machine holds is GPUs."""
    offers = catalog.offering.offer
    one_machine = max((max(o.counts) for o in offers), default=8)
    most = max((max(o.counts) * o.max_servers for o in offers), default=one_machine)
    # A thread already past one machine ("em 16 h100") may count GPUs up to what a service takes, as may one run
    # on its GPU ("deepseek v3 8x h200", then "e em 16?": two machines, it had been 16 users).
    on_its_gpu = on and (base.gpus is not None or base.gpu is not None)
    plausible_gpus = 0 < n <= (most if (base.gpus or 0) > one_machine or on_its_gpu else one_machine)
    if base.stage.is_training and not any(getattr(base, name) for name in LOAD_FIELDS):
        if plausible_gpus:
            return "gpus"
        # "lora ... com 10 mil exemplos", then "e se fossem 100 mil?": the examples again, as a batch's items are
        # (no service holds that many GPUs; it had been "Não entendi o pedido"). "e com 20?" stays unread.
        return "examples" if base.examples and n > most else None
    # A training whose model is then served to a load ("... e depois servir pra 100 usuários") counts as a
    # service does: the people the thread counted, its GPUs, or asked back (it had been 4 training GPUs).
    if n <= 0:
        return None
    gpus_said = base.gpus is not None or base.gpu is not None
    if base.rate_per_s or base.requests_per_day or base.requests_per_week or base.requests_per_month:
        # A load of requests or documents, no people: a number is no head-count. With no GPUs counted it is the
        # load again, in the unit the thread said it ("300 requisições por minuto", then "e com 1000?": 1000
        # a minute; "5 mil por dia", then "e com 20 mil?": 20 mil a day).
        if plausible_gpus and gpus_said:
            return "gpus"
        if base.rate_per_s:
            return "rate_per_s" if base.rate_period_s else None
        return next(
            k for k in ("requests_per_day", "requests_per_week", "requests_per_month") if getattr(base, k)
        )
    if base.batch_items:
        # "processar 200 mil documentos em 8 horas", then "e se forem 500 mil?": the batch's items again (no
        # machine holds that many GPUs); a number one may hold counts GPUs where the thread named them.
        if not plausible_gpus:
            return "batch_items"
        return "gpus" if gpus_said else None
    people = "population" if base.population and not base.users else "users"
    if not plausible_gpus:
        return people
    people_said = bool(base.users or base.population)
    if (gpus_said and not people_said) or on or (gpus_said and n == 1):
        # one is a GPU where the thread named one: a thread of people goes down to one person by no question
        return "gpus"
    if people_said and not gpus_said:
        return people
    raise QueryError("query.bare_count", hint=None, number=str(n))


# A thread's message that is a choice of bare numbers ("e com 4 ou 8?", "and with 2 or 4?"), as BARE_COUNT is one
# (a comma with no space after it is a thousands separator: "and for 6,000?")
BARE_COUNT_CHOICE = regexes.compile(
    rf"^\W*(?:(?:{_W('words.bare_count')})\s+)?(\d{{1,6}}(?:(?:\s*,\s+|\s+(?:ou|or|e|and)\s+)\d{{1,6}})+)"
    rf"[\s,]*(?:{_W('words.bare_count_after')})?\W*$"
)
_ENGLISH_CHOICE = regexes.compile(r"\b(?:or|and|with|what|how|if)\b")


def _bare_choice_unit(text: str, base: Workload, catalog: Catalog) -> str | None:
    """ "e com 4 ou 8?" in a thread: the numbers with the unit the thread counted, as "e com 4?" alone is read
    (_bare_count: GPUs after "em 2 h100", people after "20 usuários"), so that the choice is read as a choice
    of GPU counts ("e com 4 ou 8 gpus?") or as people are ("20 ou 40 usuários"); it had not been understood.
    None when the message is no such choice, or the thread counted something else."""
    plain = strip_accents(text.lower())
    m = BARE_COUNT_CHOICE.match(plain)
    if m is None or len(plain) != len(text):
        return None
    first = int(re.match(r"\d+", m.group(1)).group())
    try:
        reading = _bare_count(first, base, catalog)
    except QueryError as e:
        # GPUs and people both counted: asked back as for one number, with the choice as typed
        error = QueryError(e.key, hint=None, number=text[m.start(1) : m.end(1)])
        error.written_lang = _written_lang(text)
        raise error from None
    english = bool(_ENGLISH_CHOICE.search(plain))
    unit = {"gpus": "gpus", "users": "users" if english else "usuarios",
            "population": "people" if english else "pessoas"}.get(reading)  # fmt: skip
    if unit is None:
        return None
    return f"{text[: m.end(1)]} {unit}{text[m.end(1) :]}"


def _bare_scale(factor: float, typed: str, base: Workload, fields: dict, query: Query) -> None:
    """ "e com o dobro?": the thread's people or load times `factor` when that is all it counted, its context
    when only that was said; with people and a context said, asked which (it had been "dobro" not understood).
    A load of requests beside a context is the load's (the context is no load)."""
    loads = any(getattr(base, k) for k in LOAD_BASES) or bool(base.batch_items)
    people = base.users or base.population
    if people and base.context:
        raise QueryError(
            "query.bare_scale", hint=None, word=typed, users=people, users_scaled=max(round(people * factor), 1),
            context=base.context, context_scaled=max(round(base.context * factor), 1),
        )  # fmt: skip
    if loads:
        _scale_load(fields, base, factor)
    elif base.context and fields.get("context") is None:
        fields["context"] = max(round(base.context * factor), 1)
    else:
        query.unknown.append(typed)


# "size for our current 40 rps", "dimensionar para o tráfego atual", "sized for today's load": the load asked for is
# today's, whatever growth the question also tells (traffic_words.toml load_today)
_TODAY_ASKED = regexes.compile(
    rf"\b(?:{_W('words.size_for')})\s+(?:[\w.,/']+\s+){{0,3}}(?:{_W('words.load_today')})(?![\w'])"
)


def _scale_load(fields: dict, base: Workload | None, factor: float, keys=LOAD_BASES) -> bool:
    """ "o dobro de tráfego", "3x the traffic": the load this question gives, else the thread's, times
    `factor`, in whatever terms it was given; "cada um com 6 mensagens" multiplies a rate of conversations
    (`keys`). False when there is no load to scale."""
    given = {k: fields[k] for k in keys if fields.get(k) is not None}
    if not given and base is not None:
        given = {k: getattr(base, k) for k in keys if getattr(base, k) is not None}
        if "rate_per_s" in given and base.rate_period_s and fields.get("rate_period_s") is None:
            # "e o dobro?" after "120 req/min": 240 a minute, said in the thread's unit (it had become "4,0
            # requisições/s").
            fields["rate_period_s"] = base.rate_period_s
        if not given and base.batch_items and keys is LOAD_BASES:
            # A batch's thread ("processar 200 mil documentos em 8 horas"): "o dobro" is twice the items in the
            # same window.
            given = {"batch_items": base.batch_items}
    if not given:
        return False
    for key, value in given.items():
        fields[key] = value * factor if key == "rate_per_s" else max(round(value * factor), 1)
    if base is not None and base.rate_from_volume is not None and fields.get("rate_from_volume") is None:
        # "e o dobro?" after "2 milhões de tokens por dia": twice the tokens, whose requests sizing/plan.py
        # counts in the lengths sized (the thread's request count read with the defaults had been doubled)
        kind, tokens = base.rate_from_volume
        fields["rate_from_volume"], fields["volume_period_s"] = (kind, tokens * factor), base.volume_period_s
    if base is not None and "users" in given and not fields.get("users_at_once"):
        _users_kept_as(fields, base)
    return True


def _users_kept_as(fields: dict, base: Workload) -> None:
    """The thread's users scaled stay what they were read as (sizing/plan.py reads a count past
    traffic.toml's users_as_population_from, with no rate, as a head-count): "200 usuários" at once, then "e com
    10x?", are 2.000 at once (they had become "2.000 pessoas"); "5 mil funcionários" scaled to a tenth stay
    people (500, not 500 at once)."""
    rates = any(fields.get(k) is not None for k in LOAD_BASES if k not in ("users", "population"))
    if rates or base.users_limit:
        return  # beside a rate users are the people it comes from, whatever their count
    limit = load_catalog().traffic.population.users_as_population_from
    was_head_count = base.users >= limit and not base.users_at_once and base.active_share is None
    if not was_head_count and fields["users"] >= limit:
        fields["users_at_once"] = True
    elif was_head_count and fields["users"] < limit and fields.get("population") is None:
        fields["population"], fields["users"] = fields["users"], None


# "e se forem usuários no Brasil?" after "em Portugal": the users back home, the latency note with them.
_USERS_IN_BRAZIL = regexes.compile(r"\b(?:n?o\s+brasil|in\s+brazil|brasileir[oa]s|brazilian)\b")


# "e por hora?", "e por mês?", "and per month?": a thread's message that is a period alone asks for the price in it.
_COST_PER_PERIOD = regexes.compile(
    r"^\W*(?:(?:e|and|mas|but|ok|e\s+o|and\s+the)\s+)?(?:(?:valor|preco|custo|price|cost)\s+)?"
    r"(?:por|per|a|an|ao|a\s+a)\s+(?:hora|hour|mes|month|dia|day)\W*$"
)
_VLLM_NAMED = regexes.compile(r"\bvllm\b")  # the server every serving answer is sized for


# "e numa 4090?", "e na 3090?", "e com 4090?", "what about a 5090?", "e 4090?": the card by its bare number,
# never 4,090 people (the number is a GeForce's name in the catalogue, said after a word that puts the model on
# it or uses it, or after the follow-up's opener alone; "e se forem 4090?" still counts).
_ON_GPU_BEFORE = regexes.compile(
    r"\b(?:em|on|numa|num|na|no|an?|uma|um|one|com|with|using|usando|utilizando|usar|use)\s*$"
    r"|^\W*(?:(?:e|and|what\s+about|how\s+about|e\s+quanto\s+a)\W*)?$"
)


_ID_SIZE = regexes.compile(r"(\d+(?:\.\d+)?b(?:-a\d+(?:\.\d+)?b)?)$")


# Where a thread's sizing would run, asked after it ("e na aws?", "e no runpod?", "e na nuvem de vocês?", "e num
# servidor on-premise?"): the same sizing, with a note of what changes there (sizing/data/messages: error.query.
# topic_cloud_*). Other clouds by the names customers use; ours and the customer's own machines by their words.
_OTHER_CLOUDS = {
    "aws": "AWS", "amazon": "AWS", "azure": "Azure", "gcp": "Google Cloud", "google cloud": "Google Cloud",
    "oci": "Oracle Cloud", "oracle cloud": "Oracle Cloud", "runpod": "RunPod", "coreweave": "CoreWeave",
    "lambda labs": "Lambda", "lambda cloud": "Lambda", "vast.ai": "Vast.ai", "vast ai": "Vast.ai",
    "paperspace": "Paperspace", "magalu cloud": "Magalu Cloud",
}  # fmt: skip
OTHER_CLOUD = regexes.compile(rf"(?<![\w.-])({alternation(list(_OTHER_CLOUDS))})(?![\w-])")
OUR_CLOUD = regexes.compile(
    r"\b(?:nuvem|cloud|infra|infraestrutura|gpus|maquinas|data\s*centers?)\s+(?:de\s+|da\s+)?(?:voces|vcs|vc)\b"
    r"|\b(?:sua|tua|vossa|your)\s+(?:nuvem|cloud|infra\w*|gpus|machines|data\s*centers?)\b"
    r"|^\W*(?:e|and|what\s+about)?\s*(?:com|with)\s+(?:voces|vcs|you|you\s+guys)\W*$"
)
ON_PREMISES = regexes.compile(
    r"\bon[\s-]?prem(?:ise|ises)?\b|\bself[\s-]?host(?:ed|ing)?\b|\bin[\s-]house\b|\bcolocation\b"
    r"|\bhost(?:ing)?\s+(?:it\s+)?(?:ourselves|ourself|on\s+our\s+own)\b"
    r"|\b(?:hospedar|rodar|hospedando|rodando)\s+(?:(?:o\s+modelo|ele|isso)\s+)?(?:internamente|em\s+casa|por\s+conta\s+propria)\b"
    r"|\b(?:servidor(?:es)?|maquinas?|hardware|infra(?:estrutura)?|data\s*center|gpus)\s+"
    r"(?:proprios?|propria|nossos?|nossa|da\s+empresa|locais|local|internos?)\b"
    r"|\b(?:nosso|nossos|nossa|nossas)\s+(?:proprios?\s+)?(?:servidor(?:es)?|hardware|data\s*center|infra\w*|maquinas|gpus)\b"
    r"|\bour\s+(?:own\s+)?(?:servers?|hardware|data\s*center|datacenter|infra\w*|machines|gpus)\b"
)


def _where_run(
    plain: str, fields: dict, catalog: Catalog, thread_gpu: str | None = None
) -> list[tuple[str, str, tuple[int, int]]]:
    """The notes a thread's message earns by where it asks the sizing to run: (note, the name it says, the words'
    span). "vocês têm h100?" asks whether we rent the card it names (the sizing on it follows the note); "vocês
    alugam?", "do you rent it?" the thread's card."""
    out = []
    gpu = fields.get("gpu") or thread_gpu
    if gpu and (asked := RENT_ASKED.search(plain)):
        rented = any(o.gpu == gpu for o in catalog.offering.offer)
        out.append(("rented" if rented else "not_rented_sized", catalog.gpu(gpu).name, asked.span()))
    if cloud := OTHER_CLOUD.search(plain):
        out.append(("cloud_other", _OTHER_CLOUDS[cloud.group(1)], cloud.span()))
    elif ours := OUR_CLOUD.search(plain):
        out.append(("cloud_ours", "", ours.span()))
    elif own := ON_PREMISES.search(plain):
        out.append(("cloud_own", "", own.span()))
    return out


def _all_day_batch(base: Workload, fields: dict) -> bool:
    """ "e se for 24/7?" in a batch's thread: what users mean is the work arriving continuously all day, every
    day, rather than once in the batch's window; so the batch becomes a day's volume spread over the 24 hours
    (a window of several days, its volume a day). True when the fields were changed so."""
    if not (base.batch_items and base.batch_seconds) or base.stage.is_training:
        return False
    if any(fields.get(k) is not None for k in LOAD_BASES):
        return False  # a load said with it is the load
    day = 86400.0
    fields["requests_per_day"] = max(round(base.batch_items * day / max(base.batch_seconds, day)), 1)
    return True


def _as_batch(base: Workload, fields: dict, catalog: Catalog) -> tuple[str, ...]:
    """ "e pra batch?": the thread's load as a batch of a day's requests in 24 hours, at one pace with no one
    waiting on each answer (as "batch offline de 10 mil documentos por dia" is read first); the fields the thread's
    load had, to drop. A thread of people at once has no volume to process: asked."""
    daily = catalog.traffic.daily
    volumes = (("requests_per_day", "day", 1), ("requests_per_week", "week", daily.days_per_week),
               ("requests_per_month", "month", daily.days_per_month))  # fmt: skip
    if base.batch_items or base.generated_tokens or base.read_tokens:
        return ()  # already a batch: the thread's sizing again
    for key, period, days in volumes:
        if getattr(base, key):
            fields["batch_items"] = max(round(getattr(base, key) / days), 1)
            if period != "day":
                fields["batch_of_volume"] = (period, getattr(base, key))
            break
    else:
        if not base.rate_per_s:
            raise QueryError("query.batch_volume", hint=None)
        fields["batch_items"] = max(round(base.rate_per_s * 86400), 1)  # a day of the thread's rate
    fields["batch_seconds"] = 86400.0
    return (*LOAD_BASES, "rate_period_s", "items_volume", "peak_factor", "seasonal_peak", "ttft_s", "e2e_s", "tokens_per_s",
            "fast_latency", "waited_on")  # fmt: skip


def _release_swap(
    base: Workload, version: str, catalog: Catalog
) -> tuple[int, str | None, str | None] | None:
    """Which of the thread's models (0: the first, i: its i-th choice) has a release at `version`, that release's
    id, and the model it stands for where it is another size: the first of them in the order the thread named them
    with that release at its size, else the first whose family has the release, at the nearest size (Qwen2.5 7B's
    "versão 3" is Qwen3 8B), or None for the id where no size of it is near (Llama 2 13B's: Llama 3 8B or 70B,
    asked)."""
    try:
        ids = [base.model, *(_parse_text(c, catalog).workload.model for c in base.model_choices or [])]
    except SizingError:
        ids = [base.model]
    for which, model_id in enumerate(ids):
        if other := _at_version(model_id, version, catalog):
            return which, other, None
    for which, model_id in enumerate(ids):
        members = _release_members(model_id, version, catalog)
        if members:
            return which, _nearest_size(model_id, members, catalog), model_id
    return None


# "o modelo menor", "um modelo mais leve", "a smaller model", "the bigger version": the thread's model's release at its
# next size down (or up, `up`).
# "o maior modelo", "the biggest model", "qual modelo cabe", "which models fit": which model, not the one sized.
LARGEST_MODEL = regexes.compile(
    r"\b(?:maior|maiores|largest|biggest)\s+(?:modelos?|models?|llms?)\b"
    r"|\b(?:qual|que|quais|which|what)\s+(?:modelos?|models?|llms?)\s+(?:cabem?|rodam?|fits?|runs?|can)\b"
)
# What a thread's workload keeps when the question becomes what fits: its load, never its model or GPUs.
_NOT_KEPT_FOR_FITS = frozenset({"model", "gpu", "gpu_count", "model_choices", "together", "compare_counts"})


def _largest_in_thread(scan: _Scan, base: Workload, fields: dict, stage: Stage | None) -> QueryError | None:
    """A follow-up asking which model is the largest that fits (on a GPU it names, or the thread's): what fits,
    with the thread's load and this question's fields (sizing/fits.py); None for any other follow-up."""
    gpu = fields.get("gpu") or base.gpu
    if not gpu or not LARGEST_MODEL.search(strip_accents(scan.original.lower())):
        return None
    kept = {k: v for k, v in base.given_fields().items() if k not in _NOT_KEPT_FOR_FITS and v is not None}
    error = QueryError("query.what_fits", hint="query.examples")
    error.given = {**kept, **_given(fields, stage or base.stage), "gpu": gpu}
    return error


SIZE_STEP = regexes.compile(
    r"\b(?:modelo|model|versao|version)\s+(?:(?P<down>menor|mais\s+leve|mais\s+pequeno|abaixo)"
    r"|(?P<up>maior|mais\s+forte|acima))\b"
    r"|\b(?:smaller|lighter|(?P<up2>bigger|larger))\s+(?:model|version|size)\b"
)


def _size_step(model_id: str, up: bool, catalog: Catalog) -> str | None:
    """The model of `model_id`'s own release ("qwen3-32b": the "qwen3" ids) at the next size down, or up, else of a
    later release of its family (Llama 3.1 8B's smaller is Llama 3.2 3B, never Llama 2 7B); a dense model's steps
    are dense ones where there are. None where no release from its own on has such a size."""
    release = _ID_RELEASE.match(model_id)
    if release is None:
        return None
    entry = catalog.model(model_id)
    version = _version_key(release.group("version"))
    family = next((ids for ids in family_members(catalog).values() if model_id in ids), [])
    later: dict[bool, list] = {True: [], False: []}  # the model's own release, and the later ones
    for other in family:
        found = _ID_RELEASE.match(other)
        if other == model_id or found is None or found.group("word") != release.group("word"):
            continue
        if (key := _version_key(found.group("version"))) < version:
            continue
        m = catalog.model(other)
        if (m.params > entry.params) == up and m.params != entry.params:
            later[key == version].append(m)
    for members in (later[True], later[False]):
        alike = [m for m in members if m.is_moe == entry.is_moe] or members
        if alike:
            return (min if up else max)(alike, key=lambda m: m.params).id
    return None


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


# A catalogue id's family word, release and size: "qwen3-32b", "llama-3.1-70b", "gemma-3-27b".
_ID_RELEASE = regexes.compile(
    r"^(?P<word>[a-z]+)-?(?P<version>\d+(?:\.\d+)?)-\d+(?:\.\d+)?[bm](?:-a\d+(?:\.\d+)?b)?$"
)


# The release's own models in a family's ids ("qwen3-8b", "qwen3-30b-a3b", "llama-3-70b"), not its variants
# ("qwen3-coder-30b-a3b", "qwen3-4b-2507", "qwen2.5-7b-1m"): the ones a version said alone names.
_RELEASE_MEMBER = r"^{word}-?{version}-\d+(?:\.\d+)?[bm](?:-a\d+(?:\.\d+)?b)?$"
# A release's other size stands for the thread's model within half as large again either way; beyond, the
# customer picks (the sizes are too far apart to say one is the same choice).
_NEAR_SIZE = 1.5


def _release_members(model_id: str, version: str, catalog: Catalog) -> list[str]:
    """The catalogue's models of `model_id`'s family at the release `version`, other than `model_id`."""
    for word, ids in family_members(catalog).items():
        if model_id in ids:
            pattern = re.compile(_RELEASE_MEMBER.format(word=re.escape(word), version=re.escape(version)))
            return [m for m in ids if m != model_id and pattern.match(m)]
    return []


def _nearest_size(model_id: str, members: list[str], catalog: Catalog) -> str | None:
    """Of `members`, the one nearest `model_id` in parameters (a mixture of experts for one, a dense model for a
    dense one, where the release has it), within _NEAR_SIZE; None where none is."""
    entry = catalog.model(model_id)
    models = [catalog.model(m) for m in members]
    alike = [m for m in models if m.is_moe == entry.is_moe] or models
    nearest = min(alike, key=lambda m: abs(math.log(m.params / entry.params)))
    ratio = max(nearest.params, entry.params) / min(nearest.params, entry.params)
    return nearest.id if ratio <= _NEAR_SIZE else None


def _at_version(model_id: str, version: str, catalog: Catalog) -> str | None:
    """The catalogue's model of `model_id`'s family at another release, of the same official size ("llama-3.1-70b"
    at "3.3": "llama-3.3-70b"); None where the catalogue has no such model, or it is the same one."""
    try:
        entry = catalog.model(model_id)
    except (KeyError, SizingError):
        return None
    # the size as the ids and aliases write it ("qwen2.5-32b": "32b", where the official text says "32.5B")
    sizes = [m.group(1) for m in [_ID_SIZE.search(model_id)] if m] + [
        (entry.params_official_text or "").lower()
    ]
    index = _indexes(catalog)["model"]
    for word, ids in family_members(catalog).items():
        if model_id not in ids:
            continue
        for size in filter(None, sizes):
            other = index.get(normalize(f"{word}{version}{size}"))
            if other is not None and other.id != model_id:
                return other.id
    return None


def _geforce_on(scan: _Scan, bare: re.Match, catalog: Catalog) -> bool:
    number = bare.group(1)
    return (
        not bare.group("thousand")
        and not bare.group("million")
        and number in _indexes(catalog)["gpu"]
        and _ON_GPU_BEFORE.search(scan.work, 0, bare.start(1)) is not None
    )


def _users_in_europe(scan: _Scan, base: Workload | None) -> bool | None:
    """True when a place in Europe is said; in a thread about users there, False when Brazil is."""
    plain = strip_accents(scan.original.lower())
    # the cue's words tested by what the scan gathered of the text: its engine pass was ~12 us a long message
    if prefilter.search(_EUROPE_CUE, plain, scan.told_of(plain)) and EUROPE.search(plain):
        return True
    if base is not None and base.users_in_europe and _USERS_IN_BRAZIL.search(plain):
        return False
    return None


def _published_quantized(model_id: str, catalog: Catalog) -> bool:
    """Whether a catalogue model's published checkpoint is quantized (gpt-oss in MXFP4, DeepSeek V3 in FP8)."""
    try:
        native = catalog.model(model_id).native_precision
    except (KeyError, ValueError, SizingError):
        return False
    return bool(native) and resolve_precision(native, catalog).is_quantized


def _follow_up(
    query: Query,
    base: Workload,
    model,
    stage,
    fields: dict,
    understood,
    drop=(),
    added: str | None = None,
    compared: bool = False,
    one_card: bool = False,
    release_swap: tuple[int, str] | None = None,
) -> Query:
    """`release_swap`: the thread's model weighed (0 the first, i its i-th choice) that a release said alone puts
    at that release, with the release's id."""
    if not understood:
        raise _nothing_understood(query.unknown)
    changes = {k: v for k, v in fields.items() if v is not None}
    if model:
        changes["model"] = model
    if stage is not None and not (stage is Stage.inference and base.stage is Stage.inference):
        # "e se rodar na aws?" in a serving thread: "rodar" serves, as the thread did (it had been said as a change,
        # "Entendi: … · inferência · …")
        changes["stage"] = stage
    if query.lang:
        changes["lang"] = query.lang
    if (
        "precision" in changes
        and stage is None
        and base.stage.is_training
        and any(getattr(base, name) for name in LOAD_FIELDS)
    ):
        # "e em 8 bits?" after "fine-tune lora ... e depois servir pra 50 usuários": a precision asked of a
        # training and its serving is the serving's (sizing/serve_after.py); it had turned the LoRA's base FP8.
        changes["serving_precision"] = changes.pop("precision")
    previous = base.given_fields()
    previous.pop("cheaper", None)  # "mais barato?" asked of one answer, not of the thread's next ones
    for key in drop:  # what the thread said that the new question's model does not take
        previous.pop(key, None)
    if query.no_images:  # "e sem imagens?": the thread's images go
        for key in ("images", "image_size", "with_images"):
            previous.pop(key, None)
        if previous.get("documents") == "page":
            previous.pop("documents")  # invoices read as text: the page images they were counted as go too
    if "gpu" in changes and "compare_gpus" not in changes:
        previous.pop("compare_gpus", None)  # "e na L40S?" asks about that GPU alone
        previous.pop("compare_counts", None)
    if previous.get("model_choices") and {"gpu", "gpus", "compare_gpus", "compare_counts"} & changes.keys():
        # "e com 8 gpus?" after setups weighed each on its GPUs: every side on the GPUs said now (the first alone
        # had moved, the others kept their own)
        previous["model_choices"] = _sides_off_gpus(previous["model_choices"], base)
    if "zero" in changes and "compare_zero" not in changes:
        previous.pop("compare_zero", None)  # "e com zero-3?" after "zero-2 ou zero-3?": that stage alone
    if "stage" in changes and "compare_stages" not in changes:
        previous.pop("compare_stages", None)  # "e com qlora?" after "lora ou qlora?": that method alone
    if "stage" in changes and "then_stage" not in changes:
        # "e só o lora?" after two stages in turn: that stage alone, with the data the thread gave it
        for name in ("then_stage", "then_tokens", "then_examples", "then_epochs"):
            previous.pop(name, None)
    if "gpu" in changes:
        previous.pop("gpu_memory_typed", None)  # a card named now is no longer one read from its memory
        if "gpus_asked" not in changes:
            previous.pop("gpus_asked", None)  # "e numa H200?" after "na H100" (as many as it takes): one, now
    if "gpu" in changes and "gpus" not in changes and base.gpu and (changes["gpu"] != base.gpu or one_card):
        # "e numa h200?" after "em 4 l40s": another card named alone is judged as a first question's is (one,
        # and how many it takes); it had kept the 4, and "4× H200: cabe" answered a question nobody asked. So is
        # the thread's own card said as one ("e numa única h100?" after "em 2 h100": it had stayed 2).
        for key in ("gpus", "gpus_from_layout"):
            previous.pop(key, None)
    if "gpus" in changes and "gpus_from_layout" not in changes:
        previous.pop("gpus_from_layout", None)  # "e com 8 gpus?": a count said, no longer a layout's
    if "users" in changes and "users_limit" not in changes:
        previous.pop("users_limit", None)  # "e com 20 usuários?": users said in words, the load itself
    schedule = ("hours_per_day", "business_hours", "weekdays_only", "off_hours")
    if changes.get("always_on"):
        for key in schedule:  # "e se for 24/7?": the schedule goes
            previous.pop(key, None)
    elif any(changes.get(k) for k in schedule):
        previous.pop("always_on", None)  # "e só em horário comercial?" after "24/7"
    choices = previous.get("model_choices") or []
    if release_swap is not None and release_swap[0] > 0:
        # "e com a versão 3?" after "llama 3.1 70b ou qwen2.5 32b": that choice at the release, at its precision
        which, other = release_swap
        old = _parse_text(choices[which - 1]).workload
        new = other if old is None or not old.precision else _choice_at(other, old.precision)
        previous["model_choices"] = [new if i == which else c for i, c in enumerate(choices, 1)]
        changes["model_choices"] = previous["model_choices"]
    elif release_swap is not None:
        pass  # the first model at the release: the choice stays (it had been left behind)
    elif "model" in changes or (
        "precision" in changes and any(c.startswith(f"{base.model} ") for c in choices)
    ):
        # "e com o llama 8b?" after "qwen 72b ou llama 70b?", "e em int8?" after "qwen 72b em awq ou fp8?":
        # a new question about one model, the choice left behind.
        previous.pop("model_choices", None)
        previous.pop("together", None)
        previous.pop("routed", None)
        previous.pop("model_rates", None)
        previous.pop("model_rate_periods", None)
    elif "precision" in changes and choices:
        # "e em fp8?" in a thread about models served together, or weighed as a choice: every one of them at it
        # (it had been the first alone: the sum said they did not fit, the choice weighed FP8 against BF16).
        previous["model_choices"] = [_choice_at(c, changes["precision"]) for c in choices]
    if any(changes.get(k) is not None for k in LOAD_BASES):
        # A new load replaces the thread's, and what its volume counted with it ("e com 500 req/min?" after
        # "5 mil contratos por dia" is no longer documents).
        dropped = (*LOAD_BASES, "items_volume", "rate_period_s", "model_rates", "model_rate_periods",
                   "rate_from_volume", "volume_period_s")  # fmt: skip
        # "40 req/s?" after "300 usuários, 20 req/s": only the rate changed, the people it comes from are the
        # thread's still, as "e se dobrar?" keeps them (they had been dropped, "300 pessoas" gone). People with no
        # rate beside them were the load itself ("200 usuários", "5000 funcionários", then "e com 20 req/s?"):
        # the rate replaces them.
        if not any(changes.get(k) is not None for k in PEOPLE_BASES) and any(
            previous.get(k) is not None for k in RATE_BASES
        ):
            dropped = tuple(k for k in dropped if k not in PEOPLE_BASES)
        previous = {k: v for k, v in previous.items() if k not in dropped or k in changes}
    if changes.get("high_availability") is False:
        # "e sem redundância?": one copy again, whatever the thread had required.
        previous = {k: v for k, v in previous.items() if k not in AVAILABILITY_FIELDS}
    if stage is not None and stage.is_training != base.stage.is_training:
        # "e com lora?" in a thread about serving (or "e para servir?" after a fine-tune): the other side's
        # settings do not carry over. A serving quantization is no training base ("LoRA sobre INT4" is
        # refused), conversations at once are no batch, a serving context no training sequence.
        other = TRAINING_ONLY if base.stage.is_training else SERVING_ONLY
        left = {k: v for k, v in previous.items() if k in other and k not in changes}
        previous = {k: v for k, v in previous.items() if k not in other or k in changes}
        # What this side had when the thread left it comes back, unless said again ("e pra inferência?"
        # after "e pra treinar com lora?" had lost the thread's 20 users and 16k); what is left is kept
        # for the way back.
        kept = previous.pop("set_aside", None) or {}
        previous.update({k: v for k, v in kept.items() if k not in changes})
        if left:
            previous["set_aside"] = left
    if added is not None and compared:
        # Another model weighed against the thread's ("compare com o qwen2.5 14b"): a choice of the two
        previous.update(model_choices=[added], together=None)
        changes["model_choices"] = previous["model_choices"]
    elif added is not None:
        # One more model served with the thread's ("e se adicionar o mistral 7b?"); more than an answer weighs
        # together is refused as a first question's are.
        choices = list(previous.get("model_choices") or []) if previous.get("together") else []
        if len(choices) + 2 > MAX_TOGETHER:
            raise QueryError("query.too_many_together", hint="query.too_many_together",
                             count=len(choices) + 2, most=MAX_TOGETHER, dropped=f"“{added}”")  # fmt: skip
        previous.update(model_choices=[*choices, added], together=True)
        previous.pop("model_rates", None)  # each model's own rate no longer lines up: the load is for each
        previous.pop("model_rate_periods", None)
        changes["model_choices"] = previous["model_choices"]
    merged = {**previous, **changes}
    if base.no_model:
        # A thread about what fits on a GPU, or which model to use: a model named is a question about it;
        # anything else asks the same question again with what it changed.
        merged.pop("no_model", None)
        if not model:
            # The models suggested for a load, asked of one GPU ("e numa h100?"), are what fits on it.
            key = (
                "query.what_fits"
                if base.no_model == "query.suggest_models" and merged.get("gpu")
                else base.no_model
            )
            error = QueryError(key, hint="query.examples")
            error.given = {k: v for k, v in merged.items() if k not in ("model", "lang")}
            if query.noted and key in ("query.what_fits", "query.suggest_models"):
                # "e na aws?", "e on-premise?": what is true there, said first as in a sizing's thread (the list
                # had come back the same with nothing said of it)
                error.given["notes"] = list(query.noted)
                error.given["note_names"] = dict(query.noted_names)
            error.unknown = list(query.unknown)
            raise error
    query.workload = Workload.given(merged)
    said = {k for k in changes if k != "rate_period_s"}  # the rate's unit goes with the rate, not said apart
    query.changed = sorted({*said, "images"} if query.no_images else said)
    return query
