"""Answers for Portugal read as Portugal writes: no Brazilian words, spellings or grammar in pt-PT.toml's texts
nor in the answers gpu-size renders in pt-PT, and the Portuguese forms where the two differ."""

import re
import string

import pytest

from sizing import i18n
from tests.gpu_size_run import answer

# Forms a reader in Portugal takes for Brazilian, each with its Portuguese one. Sources: the Priberam and
# Infopédia dictionaries (which mark the words "[Brasil]"), the Vocabulário Ortográfico do Português of the
# 1990 Orthographic Agreement (the spellings), and Ciberdúvidas da Língua Portuguesa (the grammar).
BRAZILIAN = {
    # vocabulary
    r"\busuári[oa]s?\b": "utilizador",
    r"\barquivos?\b": "ficheiro",
    r"\bregistr(o|os|ar|ad[oa]s?)\b": "registo, registar",
    r"\bequipes?\b": "equipa",
    r"\bcelular(es)?\b": "telemóvel",
    r"\bplanilhas?\b": "folha de cálculo",
    r"\bacess(ar|e|em)\b": "aceder",
    r"\bchec(ar|ue)\b": "verificar",
    r"\bgerenci(ar|amento)\b": "gerir, gestão",
    r"\btreinamentos?\b": "treino",
    r"\bplanej(ar|amento|ad[oa])\b": "planear, planeamento",
    r"\baluguel\b": "aluguer",
    r"\bcompartilh\w+": "partilhar",
    r"\bbanco de dados\b": "base de dados",
    r"\bhosped(ar|agem)\b": "alojar, alojamento",
    # a run of a program: "rodar um modelo" is Brazil's, "correr" or "executar" Portugal's
    r"\brod(ar|a|am|ando|e|em|ou|aria)\b": "correr, executar",
    # an HTTP request: "requisição" is a formal requisition in Portugal
    r"\brequisi[çc](ão|ões)\b": "pedido",
    # throughput: Brazil's "vazão", Portugal's "débito"
    r"\bvazão\b": "débito",
    r"\brotead(or|ores|os|as)\b|\broteamento\b": "router, encaminhado",
    # a phase: Portugal's "estágio" is an internship
    r"\bestágios?\b": "etapa, fase",
    # Portugal's "bilião" is 10^12, so Brazil's "bilhão" misleads by a thousand times
    r"\bbilh(ão|ões)\b|\btrilh(ão|ões)\b": "mil milhões",
    r"\bhora de pico\b": "hora de ponta",
    r"\bem andamento\b": "em curso",
    # a software default: "padrão" is a standard or pattern in Portugal
    r"\bpor padrão\b|\bpadrão d[oa]\b|\(padrão\)|\(o padrão\)|\bpadrões d[oa]\b": "predefinição, por omissão",
    r"\bMadri\b": "Madrid",
    # spelling (the 1990 agreement as Portugal applies it)
    # the stressed vowel before m or n is open in Portugal, and written so
    r"\b\w*[ôê](mic|nic|ni|men|nim|nom)[oa]s?\b": "ó, é (económico, académico, eletrónico, prémio, fenómeno)",
    r"\bde fato\b|\bfatos\b": "de facto, factos",
    r"\bcontatos?\b|\bcontat(ar|ad[oa])\b": "contacto, contactar",
    r"\brecep[çc](ão|ões)\b|\bpercep[çc]\w+|\bconcep[çc]\w+": "receção, perceção, conceção",
    r"\bdetec(tar|tad[oa]|ção)\b": "detetar, deteção",
    r"\baspectos?\b|\brespectiv[oa]s?\b|\bperspectivas?\b": "aspeto, respetivo, perspetiva",
    r"\bcaráter\b": "carácter",
    # grammar
    r"\bvocê\b": "the third person, as Portuguese business writing addresses a customer",
    r"\best(á|ão|ou|amos|ava|avam) \w+ndo\b": "estar a + infinitive (está a correr)",
    r"\bprecis\w* (ser|ter|estar|caber|usar|fazer)\b": "precisar de + infinitive",
    r"\baté o\b": "até ao",
    r"\bem até\b": "até, no máximo",
    r"\b(em|de|e|com|para|por) (seu|sua|seus|suas) \w": "the article before a possessive (nas suas, dos seus)",
    # the loanword "cache" is feminine in Portugal
    r"\b(o|do|no|ao|pelo|um) (KV cache|cache)\b": "a cache KV",
}
PATTERN = re.compile("|".join(f"(?:{form})" for form in BRAZILIAN), re.IGNORECASE)


def _texts(value) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _words(template: str) -> str:
    """A message's own words: its {placeholders} (program names, such as {time}) left out."""
    return "".join(literal for literal, _, _, _ in string.Formatter().parse(template))


def _brazilian(text: str) -> list[str]:
    return [m.group(0) for m in PATTERN.finditer(text)]


def test_the_european_portuguese_messages_have_no_brazilian_forms():
    found = {
        key: hits
        for key, value in i18n.messages("pt-PT").items()
        for text in _texts(value)
        if (hits := _brazilian(_words(text)))
    }
    assert not found, found


QUESTIONS = [
    "Quanta memória preciso para correr o Llama 3.1 70B em 4 bits com 32k de contexto e 10 utilizadores?",
    "ajuste fino completo do llama 3.1 8b com 4 GPUs",
    "qlora qwen 2.5 72b com 10 mil exemplos em 2 dias",
    "pré-treino de um modelo de 70b com zero 3 em 64 gpus com pp 2",
    "Quantas GPUs para servir o Qwen 2.5 32B a 5 pedidos por segundo com prompts de 2000 tokens e respostas de 500?",
    "Temos 5000 utilizadores num chatbot com o Llama 3.1 70B; quanto custa por mês?",
    "o que é kv cache?",
    "o que é o ZeRO?",
    "qual a latência a partir de Lisboa?",
    "Os dados ficam em Portugal? Temos de cumprir o RGPD.",
    "llama 3.1 8b com 10 utilizadores e 1500 pedidos por minuto",
    "servir qwen3 32b com speculative decoding",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_rendered_answer_for_portugal_has_no_brazilian_forms(capsys, priced, question):
    # gpu-size prints a refusal on stderr: both are what the user reads
    from bot.cli import main

    main(["--lang", "pt-PT", question])
    out = capsys.readouterr()
    assert not _brazilian(out.out + out.err), _brazilian(out.out + out.err)


RATE = (
    "llama 3.1 8b com 10 utilizadores e 1500 pedidos por minuto",
    "llama 3.1 8b com 10 usuários e 1500 requisições por minuto",
)
E2E = (
    "llama 3.1 8b 20 utilizadores, resposta completa em 5 s",
    "llama 3.1 8b 20 usuários, resposta completa em 5 s",
)
LONG = ("llama 3.1 70b 4bit 32k 10 utilizadores", "llama 3.1 70b 4bit 32k 10 usuários")
PIPELINE = ("pré-treino de um modelo de 70b com zero 3 em 64 gpus com pp 2",) * 2
ZERO = ("o que é o ZeRO?",) * 2
HEADS = ("llama 3.1 8b para 5000 funcionários",) * 2
FAR = ("qual a latência a partir de Lisboa?", "qual a latência a partir de Madri?")
OFFICE = (
    "llama 3.1 8b para 500 trabalhadores em horário laboral",
    "llama 3.1 8b para 500 funcionários em horário comercial",
)


@pytest.mark.parametrize(
    ("questions", "portuguese", "brazilian"),
    [
        # a load's conversations, the request rate that decided, the target said as a ceiling
        (RATE, "conversas em curso", "conversas em andamento"),
        (RATE, "O que decidiu: débito.", "O que decidiu: vazão."),
        (RATE, "primeiro token em 2,0 s ou menos", "primeiro token em até 2,0 s"),
        (E2E, "resposta completa em 5,0 s ou menos", "resposta completa em até 5,0 s"),
        # a head-count's busiest hour
        (HEADS, "10% delas na hora de ponta", "10% delas na hora de pico"),
        # the feminine cache, the software default
        (LONG, "A cache KV é 72% da memória", "O KV cache é 72% da memória"),
        (LONG, "KV cache em 16 bits (a predefinição do vLLM).", "KV cache em 16 bits (o padrão do vLLM)."),
        (LONG, "na cache de prefixo do vLLM (ativa por omissão)", "no cache de prefixo do vLLM (ativo por padrão)"),
        # pipeline stages and ZeRO's
        (PIPELINE, "2 etapas de pipeline", "2 estágios de pipeline"),
        (ZERO, "a fase 1 divide os estados do otimizador", "o estágio 1 divide os estados do otimizador"),
        # a place in Portugal's spelling, and the preposition before an article
        (FAR, "Espanha (Madrid)", "Espanha (Madri)"),
        (FAR, "até ao primeiro token", "até o primeiro token"),
        # office hours, as each country calls them, read in the question and said back
        (OFFICE, "Percebi: Llama 3.1 8B · 500 pessoas · horário laboral", "Entendi: Llama 3.1 8B · 500 pessoas · horário comercial"),
    ],
)  # fmt: skip
def test_an_answer_for_portugal_says_it_the_portuguese_way(capsys, questions, portuguese, brazilian):
    for_portugal, for_brazil = questions
    text = answer(capsys, "--lang", "pt-PT", for_portugal)
    assert portuguese in text and brazilian not in text
    # Brazil keeps its own words: the difference is the variety's, not a rewording of both
    assert brazilian in answer(capsys, "--lang", "pt-BR", for_brazil)
