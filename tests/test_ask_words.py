"""Small things customers hit that had gone wrong, through gpu-size and the signed Slack pipeline."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from tests.gpu_size_run import answer

from . import slack_requests as sr
from .slack_harness import text_of


@pytest.mark.parametrize(
    ("text", "title", "brazil"),
    [
        # A word between "gpus" and "vocês" had broken the phrase: "Não entendi o pedido".
        ("quantas gpus no brasil vocês têm?", "GPUs que alugamos", "Todas ficam em data centers no Brasil"),
        ("que placas vocês alugam hoje?", "GPUs que alugamos", "Todas ficam em data centers no Brasil"),
        ("how many GPUs do you have in Brazil?", "GPUs we rent", "All of them in data centres in Brazil"),
        ("what GPUs do you offer?", "GPUs we rent", "All of them in data centres in Brazil"),
    ],
)
def test_the_gpus_we_rent_asked_in_any_order_list_them_in_brazil(capsys, text, title, brazil):
    out = answer(capsys, text)
    assert out.startswith(title)
    assert brazil in out
    assert "H100 SXM 80 GB" in out and "H200 SXM 141 GB" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("quantas gpus vocês têm?", "quantas temos ao todo também não está nos dados que tenho"),
        ("quantas gpus no brasil vocês têm?", "toque em “Quero uma proposta” na resposta"),
        ("quantas H100 vocês têm?", "quantas temos ao todo também não está nos dados que tenho"),
        ("têm quantas H100 disponíveis?", "toque em “Quero uma proposta” na resposta"),
        ("how many GPUs do you have in Brazil?", "tap “I want a proposal” on the answer"),
    ],
)
def test_a_fleet_count_or_stock_asked_is_sales_to_confirm_and_says_how_to_ask(capsys, text, said):
    out = answer(capsys, text)
    assert said in out
    # no count of the fleet is made up: the only figures of GPUs are the machines' sizes
    assert "unidades" not in out and "units" not in out


def test_gpus_needed_with_no_model_is_not_the_fleet(capsys):
    # "quantas requisições uma H100 aguenta?" asks what one GPU holds, not how many we have
    out = answer(capsys, "quantas requisições uma H100 aguenta?")
    assert "não vejo o estoque" not in out


@pytest.mark.parametrize(
    ("text", "understood", "contract"),
    [
        # "pacote" had been "Não entendi", and "contrato por projeto" silently dropped (on demand shown instead).
        (
            "llama 3.1 70b 10 usuários pacote por projeto",
            "Entendi: Llama 3.1 70B · 10 usuários simultâneos · pacote por projeto",
            "Contrato: Pacote por projeto, como pedido",
        ),
        (
            "lora no qwen 7b, contrato de projeto",
            "Entendi: Qwen2.5 7B · ajuste fino com LoRA · pacote por projeto",
            "Contrato: Pacote por projeto, como pedido",
        ),
        (
            "llama 70b for 10 users, per-project package",
            "Understood: Llama 3.1 70B · 10 concurrent users · per-project package",
            "Contract: Per-project package, as asked",
        ),
        (
            "llama 70b 20 usuários, produção, reservado",
            "Entendi: Llama 3.1 70B · 20 usuários simultâneos · capacidade reservada · produção",
            "Contrato: Reservada, como pedido",
        ),
        (
            "llama 70b for 20 users on demand",
            "Understood: Llama 3.1 70B · 20 concurrent users · on demand",
            "Contract: On demand, as asked",
        ),
    ],
)
def test_a_contract_mode_said_beside_a_sizing_picks_the_mode_shown(capsys, text, understood, contract):
    out = answer(capsys, text)
    assert understood in out and contract in out
    assert "Não entendi" not in out and "Not understood" not in out


def test_the_project_package_asked_about_is_explained_beside_the_other_mode(capsys):
    out = answer(capsys, "qual a diferença entre pacote por projeto e sob demanda?")
    assert out.startswith("Modos de contrato")
    assert "• Pacote por projeto: ajuste fino e treino têm começo e fim" in out
    assert "• Sob demanda: para testar e avaliar" in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # A training with no model had got the serving examples; none is picked in its place.
        ("preciso treinar um modelo do zero, quantas gpus?", "Para dimensionar um treino, diga qual modelo"),
        ("quantas gpus pra fazer um fine-tuning?", "`/gpu llama 3.1 8b lora 50 mil exemplos`"),
        ("how many gpus to train a model from scratch?", "`/gpu pretrain from scratch on 20 billion tokens`"),
    ],
)
def test_a_training_with_no_model_asks_for_it_with_trainings_examples(capsys, text, said):
    assert gpu_size([text]) != 0
    err = capsys.readouterr().err
    assert said in err
    assert "10usuarios" not in err  # not the serving examples


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # A sizing asked with nothing to size had been "Não entendi o pedido": the model is what is missing.
        ("quantas gpus preciso?", "Faltou dizer o modelo (um nome como `llama 3.1 70b`"),
        ("qual gpu eu preciso?", "Faltou dizer o modelo"),
        ("quanta vram eu preciso?", "Faltou dizer o modelo"),
        ("how many GPUs do I need?", "The model is missing (a name like `llama 3.1 70b`"),
        ("which gpu should I rent?", "The model is missing"),
        ("de quantas placas gráficas preciso?", "Falta indicar o modelo"),
    ],
)
def test_a_sizing_asked_with_no_model_says_the_model_is_missing_with_examples(capsys, text, said):
    assert gpu_size([text]) != 0
    err = capsys.readouterr().err
    assert said in err and "`/gpu 70b 4bit 32k" in err
    assert "Não entendi" not in err and "didn't understand" not in err


def test_a_sizing_asked_with_no_model_is_logged_as_wanting_more_input(slack):
    reply = slack.answer("quantas gpus preciso?")
    assert "Faltou dizer o modelo" in text_of(reply["blocks"])
    [row] = slack.rows()
    assert row["outcome"] == "needs_input"


def test_gpus_rented_for_a_training_with_no_model_are_priced_as_a_rental(capsys):
    out = answer(capsys, "quanto custa 8 h100 por 2 semanas pra um treino")
    assert out.startswith("Quanto custa 8× H100 SXM 80 GB por 14 dias")


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # a training's GPUs had been offered on demand first, as a test's
        ("quanto custa 8 h100 por 2 semanas pra um treino", "   Pacote por projeto: ajuste fino e treino"),
        ("how much for 8 h100 for 2 weeks to train a model?", "   Per-project package:"),
        ("quanto custa 2 h100 por 6 meses pra produção?", "   Reservada: produção precisa"),
        ("quanto custa 2 h100 por 3 dias pra testar?", "   Sob demanda: para testar e avaliar"),
    ],
)
def test_the_contract_modes_of_a_rental_lead_with_the_one_its_stage_calls_for(capsys, text, first):
    out = answer(capsys, text)
    modes = out.split("\n")
    heading = next(i for i, line in enumerate(modes) if line in ("Modos de contrato:", "Contract modes:"))
    assert modes[heading + 1].startswith(first)


def test_a_from_scratch_example_of_the_hint_sizes_the_compute_optimal_model(capsys):
    # the hint's own example works: the data sets the size (Hoffmann et al. 2022, ~20 tokens a parameter)
    out = answer(capsys, "treinar do zero com 20 bilhões de tokens")
    assert out.startswith("Entendi: Llama 3.2 1B · treino do zero")


@pytest.mark.parametrize(
    ("text", "understood", "kv"),
    [
        # Prompts sent in one batch are sequences at once (offline inference): it had been 1 conversation, or
        # "Not understood: “64”, “prompts”".
        (
            "we send 64 prompts in a batch to llama 8b",
            "Understood: Llama 3.1 8B · a batch of 64 requests at once\n",
            "(64 × 0.54 GB per conversation of 4,096 tokens)",
        ),
        (
            "llama 8b batch of 64 requests",
            "Understood: Llama 3.1 8B · a batch of 64 requests at once\n",
            "(64 × 0.54 GB per conversation of 4,096 tokens)",
        ),
        (
            "llama 8b lote de 64 prompts",
            "Entendi: Llama 3.1 8B · lote de 64 pedidos de uma vez\n",
            "(64 × 0,54 GB por conversa de 4.096 tokens)",
        ),
        (
            "llama 8b em lote, 64 perguntas de uma vez",
            "Entendi: Llama 3.1 8B · lote de 64 pedidos de uma vez\n",
            "(64 × 0,54 GB por conversa de 4.096 tokens)",
        ),
        ("llama 8b batch size 32", "Entendi: Llama 3.1 8B · lote de 32 pedidos de uma vez", "(32 × 0,54 GB"),
        (
            "llama 8b lote de 64 prompts, pt-pt",
            "Percebi: Llama 3.1 8B · lote de 64 pedidos de uma vez",
            "(64 × 0,54 GB por conversa de 4\u00a0096 tokens)",
        ),
    ],
)
def test_a_batch_of_prompts_is_that_many_sequences_at_once(capsys, text, understood, kv):
    out = answer(capsys, text)
    assert understood in out and kv in out


@pytest.mark.parametrize(
    ("text", "header"),
    [
        ("llama 8b lote de 64 prompts", "4.096 tokens de contexto · lote de 64 pedidos de uma vez"),
        (
            "we send 64 prompts in a batch to llama 8b",
            "4,096 tokens of context · a batch of 64 requests at once",
        ),
    ],
)
def test_a_batch_at_once_is_said_as_a_batch_in_the_header_and_capacity_still_counts_what_fits(
    capsys, text, header
):
    out = answer(capsys, text)
    assert header in out
    assert "usuários simultâneos" not in out and "concurrent users" not in out
    assert (
        "Capacidade: até 110 usuários com 4.096 tokens" in out or "Capacity: up to 110 users at 4,096" in out
    )


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # the prompt-length reading had reached over the batch's words and left "64" unread
        (
            "llama 8b 64 prompts in a batch of 1024 tokens each",
            "Understood: Llama 3.1 8B · a batch of 64 requests at once · prompts of 1,024 tokens\n",
        ),
        (
            "llama 8b 64 perguntas de uma vez de 1000 tokens cada",
            "Entendi: Llama 3.1 8B · lote de 64 pedidos de uma vez · prompts de 1.000 tokens\n",
        ),
        # no count before the prompts: the length is still theirs
        ("llama 8b prompts num lote de 2000 tokens", "Entendi: Llama 3.1 8B · prompts de 2.000 tokens\n"),
    ],
)
def test_a_batch_of_counted_prompts_with_their_length_reads_both(capsys, text, understood):
    out = answer(capsys, text)
    assert out.startswith(understood)
    assert "(64 × " in out or "2.000" in out


def test_a_batch_past_what_a_server_runs_at_once_stays_a_volume(capsys):
    out = answer(capsys, "llama 8b lote de 5000 prompts")
    assert "Entendi: Llama 3.1 8B · lote de 5.000 pedidos" in out
    assert "1 usuário simultâneo" in out


def test_speech_sized_apart_is_its_own_line_of_the_memory_table_and_the_parts_make_the_total(capsys):
    import re

    out = answer(capsys, "llama 3.1 8b + whisper large v3 com 80 ligações simultâneas")
    table = out.split("Memória necessária")[1].split("Recomendação")[0]
    parts = {
        m.group(1): float(m.group(2).replace(",", "."))
        for m in re.finditer(r"^  (\w[\w ]*?) \.+ ([\d,]+) GB", table, re.M)
    }
    # the LLM's weights alone (Llama 3.1 8B at 16 bits), Whisper's memory on a line of its own
    assert parts["Pesos"] == 16.1 and parts["Fala"] == 9.7
    total = parts.pop("Total")
    assert abs(sum(parts.values()) - total) < 0.1
    # recommended on GPUs of its own, the table is said to be the shared setup
    assert "com a fala em GPU à parte, como recomendado abaixo, o LLM fica sem esses 9,7 GB" in out


@pytest.mark.parametrize("text", ["\u200b", "\u200b \ufeff ", "\u200c\u200d\u2060", " \ufeff\u200b\n"])
def test_a_gpu_command_of_only_zero_width_characters_opens_the_form_as_an_empty_one(slack, text):
    # str.strip keeps them: the command had been answered as a question instead of opening the guided form
    assert slack.command(text) == {}
    [call] = slack.fake.wait_for("views.open")
    assert call.params["view"]["callback_id"] == "gpu_form"


def test_zero_width_characters_inside_words_do_not_break_the_model_in_slack(slack):
    reply = slack.answer("lla\u200bma 70b 4\u200cbit para 10 usu\u2060ários")
    assert "Entendi: Llama 3.1 70B · INT4" in text_of(reply["blocks"])


def test_zero_width_characters_inside_words_do_not_break_the_model_in_gpu_size(capsys):
    out = answer(capsys, "lla\u200bma 70b 4\u200cbit para 10 usu\u2060ários")
    assert out.startswith("Entendi: Llama 3.1 70B · INT4")


def test_gpu_size_of_only_zero_width_characters_gets_the_help_of_an_empty_question(capsys):
    empty = answer(capsys, "")
    assert empty.startswith("Como perguntar")
    assert answer(capsys, "\u200b \ufeff\u2060") == empty


# -- the app's Messages tab ----------------------------------------------------------------------------


def test_opening_the_messages_tab_the_first_time_posts_a_welcome_with_examples_once(slack):
    assert slack.event(sr.app_home_opened("U0001", tab="messages"), "EvMsgTab1") == 200
    [call] = slack.fake.wait_for("chat.postMessage")
    assert call.params["channel"] == "DU0001"
    text = call.params["text"]
    assert text.startswith("Olá! Eu calculo quanta memória de GPU um LLM precisa")
    assert "70b 4bit 32k 10usuarios" in text and "/gpu 70b" not in text  # in a DM no /gpu is needed
    # later openings, and a retry of the first, post nothing more
    assert slack.event(sr.app_home_opened("U0001", tab="messages"), "EvMsgTab1", retry=1) == 200
    assert slack.event(sr.app_home_opened("U0001", tab="messages"), "EvMsgTab2") == 200
    slack.settle()
    assert len(slack.fake.calls("chat.postMessage")) == 1
    assert slack.fake.calls("views.publish") == []  # the Home tab is not drawn for the Messages tab


def test_each_user_is_welcomed_in_their_own_direct_messages(slack):
    slack.event(sr.app_home_opened("U0001", tab="messages"), "EvMsgA")
    slack.event(sr.app_home_opened("U0002", tab="messages"), "EvMsgB")
    calls = slack.fake.wait_for("chat.postMessage", count=2)
    assert sorted(c.params["channel"] for c in calls) == ["DU0001", "DU0002"]


def test_a_welcome_slack_refuses_is_never_an_error_to_slack(slack):
    slack.fake.fail("chat.postMessage", status=500, times=5)
    assert slack.event(sr.app_home_opened("U0001", tab="messages"), "EvMsgFail") == 200
    slack.settle()
    assert slack.fake.calls("chat.postMessage")  # it was tried, and refused
    # the app still answers what comes next
    assert "Entendi: Llama 3.1 70B" in text_of(slack.answer("70b 4bit")["blocks"])


def test_forgetting_a_person_drops_their_welcome(slack):
    from bot.log import reports

    from .slack_harness import database

    slack.event(sr.app_home_opened("U0001", tab="messages"), "EvMsgForget")
    slack.fake.wait_for("chat.postMessage")
    slack.settle()
    assert [r["user_id"] for r in database(slack).execute("select user_id from welcomed")] == ["U0001"]
    reports.forget(slack.db, "U0001")
    assert database(slack).execute("select count(*) from welcomed").fetchone()[0] == 0


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # AI agents had been people ("20 usuários simultâneos"), or "20" left unread in "20 AI agents"
        ("llama 70b para 20 agentes de IA", "Entendi: Llama 3.1 70B · 20 agentes de IA ao mesmo tempo"),
        ("qwen3 32b for 20 AI agents", "Understood: Qwen3 32B · 20 AI agents at once"),
        ("qwen3 32b for 20 agents running", "Understood: Qwen3 32B · 20 AI agents at once"),
        (
            "llama 70b para 20 agentes autônomos, pt-pt",
            "Percebi: Llama 3.1 70B · 20 agentes de IA em simultâneo",
        ),
    ],
)
def test_counted_ai_agents_are_programs_with_long_calls_always_in_flight(capsys, text, understood):
    out = answer(capsys, text)
    assert out.startswith(understood)
    # each call carries the tools' outputs: a coding agent's prompt, said with its source and how to change it
    assert "16.000 tokens" in out or "16,000 tokens" in out or "16\u00a0000 tokens" in out
    assert "Cline" in out and ("suposição nossa" in out or "our assumption" in out)


@pytest.mark.parametrize(
    "text",
    [
        "llama 70b para 20 agentes de atendimento",
        "llama 70b for 20 support agents",
        "llama 70b para 20 agentes",
    ],
)
def test_support_agents_stay_people_with_a_chats_lengths(capsys, text):
    out = answer(capsys, text)
    assert " 20 usuários simultâneos" in out or " 20 concurrent users" in out
    assert "agentes de IA" not in out and "AI agents" not in out
    assert (
        "(20 × 1,3 GB por conversa de 4.096 tokens)" in out or "(20 × 1.3 GB per conversation of 4,096" in out
    )


@pytest.mark.parametrize(
    ("text", "understood", "said"),
    [
        # "10 ao mesmo tempo" had stopped the two-group reading: 10 conversations sized, the 20 attendants lost
        (
            "llama 70b para 20 atendentes e 100 funcionarios, 10 ao mesmo tempo",
            "Entendi: Llama 3.1 70B · 30 usuários simultâneos · 100 pessoas",
            "Li “20 atendentes” como pessoas que mantêm uma conversa cada o dia todo",
        ),
        (
            "llama 70b for 20 support agents and 100 employees, 10 at once",
            "Understood: Llama 3.1 70B · 30 concurrent users · 100 people",
            "I sized 30 conversations at once",
        ),
    ],
)
def test_people_at_once_beside_a_trade_that_holds_conversations_never_size_fewer(
    capsys, text, understood, said
):
    out = answer(capsys, text)
    assert out.startswith(understood) and said in out


@pytest.mark.parametrize(
    ("text", "group"),
    [
        # one attendant had been lost ("Entendi: … · 100 pessoas"), the singular not read as people
        (
            "llama 70b para 1 atendente e 100 funcionarios",
            "Li “1 atendente e 100 funcionarios” como dois grupos",
        ),
        ("llama 70b para 1 dev e 30 analistas", "Li “1 dev e 30 analistas” como dois grupos"),
    ],
)
def test_a_group_of_one_beside_a_head_count_is_a_group(capsys, text, group):
    out = answer(capsys, text)
    assert " · 1 usuário simultâneo · " in out.splitlines()[0]
    assert group in out
