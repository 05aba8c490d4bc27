"""How the templates call what they are given: the app's environments call a plain function straight away
(bot/templating.py, DirectCallContext) and must render what Jinja's own Context renders, for the answers
and for anything a template may call."""

import json

import pytest
from jinja2 import DictLoader, Environment, StrictUndefined, UndefinedError, pass_context, pass_environment

from bot import blocks, rendering, templating
from sizing import i18n
from sizing.engine import size
from sizing.query import parse

SOURCE = """
{%- macro twice(x) %}{{ x }}{{ x }}{% endmacro -%}
{{ plain(1, b=2) }}|{{ with_context() }}|{{ with_env() }}|{{ callable_object(3) }}|{{ twice("ab") }}|
{%- for item in items %}{{ plain(item, b=loop.index) }}{{ with_context() }},{% endfor %}|
{%- set ns = namespace(n=0) %}{% for i in range(3) %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}|
{{- len_of([1, 2, 3]) }}"""


@pass_context
def _with_context(context):
    return f"ctx:{context.get('who')}"


@pass_environment
def _with_env(env):
    return f"env:{type(env).__name__ in ('Environment', 'RuntimeEnvironment')}"


class _Doubler:
    def __call__(self, x):
        return x * 2


def _stops():
    raise StopIteration


VALUES = {
    "plain": lambda a, b=0: f"{a}+{b}",
    "with_context": _with_context,
    "with_env": _with_env,
    "callable_object": _Doubler(),
    "stops": _stops,
    "len_of": len,  # a builtin: not a Python function, Jinja's own call
    "items": ["x", "y"],
    "who": "U1",
}
EXPECTED = "1+2|ctx:U1|env:True|6|abab|x+1ctx:U1,y+2ctx:U1,|3|3"


def _by_jinja(source: str) -> str:
    env = Environment(loader=DictLoader({"p.j2": source}), undefined=StrictUndefined)
    return env.get_template("p.j2").render(VALUES)


def _by_the_app(source: str) -> str:
    env = rendering.environment().overlay(loader=DictLoader({"p.j2": source}))
    assert env.context_class.__name__ == "DirectCallContext"
    return env.get_template("p.j2").render(VALUES)


def _kept(source: str) -> str:
    code = rendering.environment().compile(source, "p.j2", "p.j2")
    return templating.KeptTemplate("p.j2", code).render(dict(VALUES))


RENDERERS = [_by_jinja, _by_the_app, _kept]


@pytest.mark.parametrize("render", RENDERERS)
def test_every_kind_of_callable_is_called_as_jinja_calls_it(render):
    """Jinja's own Context is the reference; the app's environment and a kept template give the same."""
    assert render(SOURCE) == EXPECTED


@pytest.mark.parametrize("render", RENDERERS)
def test_a_helper_that_raises_stop_iteration_is_an_undefined_value_as_in_jinja(render):
    with pytest.raises(UndefinedError, match="StopIteration"):
        render("{{ stops() }}")


QUESTIONS = [
    "70b 4bit 32k 10users",
    "qwen3 32b lora 2x h100 en",
    "deepseek v3 fp8 numa h200",
    "h100 ou h200 para 70b fp8 32k 20 usuarios",
    "llama 3.1 8b com draft model 20 usuários pt-pt",
    "qwen 32b 20 usuarios mais barato",
    "mixtral 8x7b 200 requisições por minuto",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_block_kit_answers_are_what_jinjas_own_context_renders(question, monkeypatch):
    """The direct calls change no answer: the same blocks, word for word, as with Jinja's Context."""
    from jinja2.runtime import Context

    query = parse(question)
    result = size(query.workload)
    kwargs = {"show_prices": True, "payload": '{"model":"x"}'}
    direct = blocks.answer(result, query, **kwargs)
    env = blocks._env(blocks.i18n.lang_of(result.workload.lang))
    monkeypatch.setattr(env, "context_class", Context)
    by_jinja = blocks.answer(result, query, **kwargs)
    assert json.dumps(direct.blocks, ensure_ascii=False) == json.dumps(by_jinja.blocks, ensure_ascii=False)
    assert direct.text == by_jinja.text
    blocks.validate(direct.blocks)


def test_answers_in_a_row_keep_their_own_language_and_prices():
    """The helpers are made once per language and shared: answers one after the other, for users with and
    without prices and in three languages, each get their own words and only their own prices."""
    query = parse("70b fp8 32k 20 usuarios")
    result = size(query.workload)
    texts = {}
    for lang in ("pt-BR", "en", "pt-PT", "pt-BR"):
        localized = size(parse(f"70b fp8 32k 20 usuarios {lang.lower()}").workload)
        for prices in (True, False):
            message = blocks.answer(localized, query, show_prices=prices)
            texts[(lang, prices)] = json.dumps(message.blocks, ensure_ascii=False)
    assert "Recomendação" in texts[("pt-BR", True)] and "Recommendation" in texts[("en", True)]
    assert "Recommendation" not in texts[("pt-BR", False)] and "Recomendação" not in texts[("en", False)]
    for lang in ("pt-BR", "en", "pt-PT"):
        # this catalogue has no prices: a user shown prices is told so, in their language; one not shown
        # prices is told nothing about money
        priced, unpriced = texts[(lang, True)], texts[(lang, False)]
        said = i18n.t(lang, "cost.none")
        assert said in priced and said not in unpriced, lang
        other = i18n.t("en" if lang != "en" else "pt-BR", "cost.none")
        assert other not in priced, lang
    assert result.recommendation is not None
