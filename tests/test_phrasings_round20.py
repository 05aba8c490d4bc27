"""Questions as people type them in Slack, twentieth round (2026-12-07): how customers really ask. A model's
settings after slashes, a forwarded e-mail squashed onto one line, compliance words beside a sizing, "the
fastest" asked alone or for a workload, an unknown model beside a family with no size, units glued to their
numbers, a prompt and an answer said "in"/"out". Each answer is what the user sees."""

from __future__ import annotations

import pytest

from bot.log import RequestLog
from bot.pipeline import Pipeline
from tests.gpu_size_run import UNKNOWN, answer, refusal
from tests.gpu_size_run import reads as _reads

from .slack_harness import slash_reply_text
from .test_thread_followups import reply_in_thread


@pytest.fixture(autouse=True)
def _no_hub(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_HUB", "off")  # repo names read by their names, as without the network


# -- a model's settings after slashes, pipes, semicolons --------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been read as a path, its last piece alone kept: "Faltou dizer o modelo"
        ("qwen32b/awq/20 users", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos"),
        ("70B/FP8/32k/20u", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos"),
        ("llama-70b/fp8/32k/10 usuários", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 10 usuários simultâneos"),
        # as before: pipes and semicolons
        ("llama70b|fp8|32k", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto"),
        ("mistral-7b;8bit;5 users", "Entendi: Mistral 7B v0.3 · FP8 (8-bit) · 5 usuários simultâneos"),
        ("qwen 72b; fp8; 32k; 20 users", "Entendi: Qwen2.5 72B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos"),
        # settings of different kinds after slashes with no size before them (had dropped the precision and context)
        ("llama 70b fp8/32k/20 users", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto · 20 usuários simultâneos"),
        # precisions alone are weighed (had been "O pedido se contradiz: “fp8/bf16” e “llama 70b”")
        ("llama 70b fp8/bf16", "Entendi: Llama 3.1 70B · FP8 (8-bit) ou BF16/FP16 (16-bit)"),
        # two sizes after a slash are weighed (had been "70b (dimensionado como Llama 3.1 70B)", the 8B dropped)
        ("llama 8b/70b 10 users", "Entendi: Llama 3.1 8B ou Llama 3.1 70B · 10 usuários simultâneos"),
        ("llama8b/70b", "Entendi: Llama 3.1 8B ou Llama 3.1 70B"),
        # as before: two lengths are a prompt and its answer
        ("llama 70b 8k/16k", "Entendi: Llama 3.1 70B · prompts de 8.000 tokens · respostas de 16.000 tokens"),
        # a repo's owner ends in no size: still a repo
        ("Qwen/Qwen2.5-72B-Instruct-AWQ 20 usuários", "Entendi: Qwen2.5 72B (Qwen2.5-72B-Instruct-AWQ) · INT4 (AWQ/GPTQ g128) · 20 usuários"),
    ],
)  # fmt: skip
def test_settings_separated_by_slashes_pipes_and_semicolons(capsys, question, read):
    _reads(capsys, question, read)


def test_a_path_to_a_file_named_by_its_size_is_still_a_file(capsys):
    # a folder named by the model's size, then its file: the file's type is read, no setting after a slash
    _reads(
        capsys,
        "llama-70b/Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf 5 users",
        "Entendi: Llama 3.1 70B · GGUF Q4_K_M · 5 usuários simultâneos",
    )


# -- a forwarded e-mail squashed onto one line -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had listed the sender's name, "Enviado" and the time as not understood
        (
            "De: Fulano Enviado: segunda-feira, 7 de dezembro de 2026 10:00 Assunto: GPU Olá, precisamos rodar "
            "llama 3.1 70b para 50 usuários Att, Fulano Tel +55 11 99999-0000",
            "Entendi: Llama 3.1 70B · inferência · 50 usuários simultâneos",
        ),
        (
            "De: Maria Souza <maria@acme.com.br> Para: Vendas <vendas@nuvem.com.br> Enviado: 7 de dezembro de 2026 "
            "09:15 Assunto: Orçamento llama 70b Bom dia, seriam 30 usuários com contexto de 16k. Atenciosamente, "
            "Maria Souza",
            "Entendi: Llama 3.1 70B · 16k de contexto · 30 usuários simultâneos · custo",
        ),
        (
            "From: John Smith Sent: Monday, December 7, 2026 10:00 AM To: Sales Subject: GPU quote Hi, we need "
            "qwen 72b for 40 users at 32k. Thanks, John",
            "Understood: Qwen2.5 72B · 32k context · 40 concurrent users · cost",
        ),
        # its date had been a context of 2,026 tokens, "message" not understood
        (
            "---------- Forwarded message --------- De: Carlos Lima Data: 3 de dez. de 2026 Assunto: LLM "
            "Precisamos do llama 8b pra 20 pessoas",
            "Entendi: Llama 3.1 8B · 20 usuários simultâneos",
        ),
    ],
)
def test_a_forwarded_mail_on_one_line_is_read_without_its_headers(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "contexto" not in read or "16k" in lines[0], lines


def test_a_header_word_that_opens_no_mail_is_still_read(capsys):
    # one label alone is a question's word: "Para: 20 usuários" stays 20 users
    _reads(capsys, "Para: 20 usuários, llama 8b", "Entendi: Llama 3.1 8B · 20 usuários simultâneos")


# -- compliance words beside a sizing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read", "said"),
    [
        # each had been sized with no word of it
        ("llama 70b 20 usuários, HIPAA", "Entendi: Llama 3.1 70B · 20 usuários simultâneos", "A HIPAA é uma lei dos Estados Unidos"),
        ("llama 70b 20 users, we need a BAA", "Understood: Llama 3.1 70B · 20 concurrent users", "no HIPAA attestation nor business associate agreement (BAA) is in the data I have"),
        ("llama 70b 20 utilizadores, HIPAA", "Percebi: Llama 3.1 70B · 20 utilizadores em simultâneo", "a equipa comercial e o jurídico dizem o que pode ser assinado"),
        ("llama 70b 20 users HIPAA-compliant hosting", "Llama 3.1 70B · 20 ", "(LGPD, art. 5º, II)"),
        ("llama 70b 20 users sovereign cloud", "Understood: Llama 3.1 70B · 20 concurrent users", "Sovereign cloud: what I can say is where the GPUs are, in Brazil"),
        ("llama 70b 20 usuários, nuvem soberana", "Entendi: Llama 3.1 70B · 20 usuários simultâneos", "Quem opera os data centers, que lei rege o contrato"),
        ("llama 70b 20 usuários, soberania de dados", "Entendi: Llama 3.1 70B · 20 usuários simultâneos", "os dados processados nelas não saem dele (LGPD, art. 33)"),
    ],
)  # fmt: skip
def test_hipaa_and_a_sovereign_cloud_beside_a_sizing_get_an_honest_note(capsys, question, read, said):
    lines = answer(capsys, question).splitlines()
    assert read in lines[0] and not any(line.startswith(UNKNOWN) for line in lines), lines
    assert any(said in line for line in lines[1:4]), lines
    # no certification is claimed that the data files do not state
    assert not any("HIPAA compliant" in line or "em conformidade com a HIPAA" in line for line in lines), (
        lines
    )


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("is it HIPAA compliant?", "HIPAA is a United States law"),
        (
            "vocês são uma nuvem soberana?",
            "Nuvem soberana: o que eu sei dizer é onde as GPUs ficam, no Brasil",
        ),
    ],
)
def test_hipaa_or_a_sovereign_cloud_asked_alone_is_answered(capsys, question, said):
    assert said in refusal(capsys, question)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # as before: the GDPR and data kept in the EU are answered by where the GPUs are
        ("llama 70b 20 users GDPR", "RGPD: nossas GPUs ficam no Brasil, fora da União Europeia"),
        ("llama 70b 20 usuários, dados na UE", "uma exigência de que fiquem na UE não é atendida aqui"),
        (
            "llama 70b for 20 users, our data must stay in the EU",
            "GDPR: our GPUs are in Brazil, outside the European Union",
        ),
        # SOC 2: the certifications are the sales team's to confirm
        ("llama 70b 20 users SOC 2", "certificações não estão nos dados que tenho"),
    ],
)
def test_gdpr_and_soc2_beside_a_sizing_keep_their_notes(capsys, question, said):
    out = answer(capsys, question)
    assert said in out, out


# -- the fastest, asked alone, of a workload, in a thread ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # each had been "Não entendi o pedido" (or "I didn't understand the request: “fastest”", "The model is
        # missing"): asked back what of
        ("qual o mais rápido?", "O mais rápido para quê? Diga o modelo e a carga"),
        ("qual a mais rápida?", "O mais rápido para quê?"),
        ("qual o mais veloz?", "O mais rápido para quê?"),
        ("which one is fastest?", "The fastest for what? Name the model and the load"),
        ("what's the fastest?", "To compare GPUs, name them: `/gpu llama 3.1 8b on h100 or h200`"),
    ],
)
def test_the_fastest_asked_alone_is_asked_back_what_of(capsys, question, said):
    err = refusal(capsys, question)
    assert said in err, err


@pytest.mark.parametrize(
    "question",
    [
        # each had been a comparison of nothing: the smallest setup recommended, "memória" said to decide
        "qual o mais rápido para llama 70b com 20 usuários",
        "qual é a mais veloz para llama 70b com 20 usuários?",
        "which is the fastest for llama 70b 20 users?",
        # the examples the question back gives
        "o mais rápido para llama 3.1 70b com 20 usuários",
        "the fastest for llama 3.1 70b with 20 users",
    ],
)
def test_the_fastest_of_a_workload_is_its_fastest_setup(capsys, question):
    out = answer(capsys, question)
    assert "o mais rápido, como pedido." in out or "the fastest, as asked." in out, out
    # the fastest setup of any size (audit3 weighs more GPUs of one kind), not the smallest that serves (2× H200)
    assert "Recomendação: 8× H200 SXM 141 GB" in out or "Recommendation: 8× H200 SXM 141 GB" in out, out


def test_the_ask_backs_gpu_example_compares_the_gpus(capsys):
    out = answer(capsys, "llama 3.1 8b na h100 ou na h200")
    assert "H100 SXM 80 GB ou H200 SXM 141 GB" in out.splitlines()[0], out
    assert "Lado a lado, para esta carga:" in out, out


# -- a model the catalogue lacks, weighed against a family with no size ------------------------------------------------


@pytest.mark.parametrize(
    ("question", "unknown", "which"),
    [
        # each had sized the first model alone, the family dropped without a word
        ("gemma 5 30b ou qwen", "“gemma 5 30b” não está no catálogo", "Qual “qwen”? Sem o tamanho, ficou fora da comparação: diga qual, por exemplo “Qwen3 30B-A3B”."),
        ("gemma 5 30b or mistral for 10 users", "its Hugging Face repo id (`owner/name`) sizes the exact model", "Which “mistral”? With no size it is left out of the comparison: name it, for example “Mistral Small 3.2 24B”."),
        # had said the family, not which model the catalogue lacks
        ("llama 9 70b ou qwen", "“llama 9 70b” não está no catálogo", "por exemplo “Qwen2.5 72B”"),
    ],
)  # fmt: skip
def test_a_model_the_catalogue_lacks_beside_a_family_says_which_is_which(capsys, question, unknown, which):
    lines = answer(capsys, question).splitlines()
    assert any(unknown in line for line in lines[1:3]), lines
    assert any(which in line for line in lines), lines
    # its own family is no other model to ask about
    assert not any(line.startswith(("Qual “gemma”", "Which “gemma”", "Qual “llama”")) for line in lines), (
        lines
    )


def test_a_known_model_beside_a_family_says_nothing_is_unknown(capsys):
    lines = answer(capsys, "llama 70b ou qwen").splitlines()
    assert not any("não está no catálogo" in line for line in lines), lines


def test_the_other_model_of_a_choice_is_named_as_its_own(capsys):
    # had been "gemma 5 30b ou gemma 5 30b (dimensionado como Qwen2.5 32B)"
    lines = answer(capsys, "gemma 5 30b ou qwen 32b").splitlines()
    assert lines[0] == "Entendi: gemma 5 30b (dimensionado como Gemma 4 31B) ou Qwen2.5 32B", lines


# -- units glued to their numbers, lengths said "in"/"out", chat shorthand ------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi: 32Ktokens" (or "32ktok", "tok", "8ktoks", "32kcontexto"), the context the default
        ("llama 70b 32Ktokens 10 users", "Entendi: Llama 3.1 70B · 32k de contexto · 10 usuários simultâneos"),
        ("llama 70b 32ktok 10 users", "Entendi: Llama 3.1 70B · 32k de contexto · 10 usuários simultâneos"),
        ("llama 70b 32k tok 10 users", "Entendi: Llama 3.1 70B · 32k de contexto · 10 usuários simultâneos"),
        ("llama 70b 8ktoks", "Entendi: Llama 3.1 70B · 8k de contexto"),
        ("llama 70b 32kcontexto 5 usuários", "Entendi: Llama 3.1 70B · 32k de contexto · 5 usuários simultâneos"),
        ("llama 70b 128kcontext", "Entendi: Llama 3.1 70B · 128k de contexto"),
        # as before: a glued count of tokens, and "32kctx"
        ("llama 70b 32000tokens 10 users", "32.000 tokens de contexto · 10 usuários simultâneos"),
        ("llama 70b 10usuários 32kctx", "Entendi: Llama 3.1 70B · 32k de contexto · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_a_length_glued_to_its_unit(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been refused: "A 1-token prompt and a 32,000-token answer do not fit a 1,024-token context" (or
        # "O pedido se contradiz: “2k” e “500”")
        ("llama 70b 20 users ctx 32k out 1k", "Understood: Llama 3.1 70B · 32k context · 20 concurrent users · answers of 1,000 tokens"),
        ("llama 70b 20 users in 2k out 500", "Understood: Llama 3.1 70B · 20 concurrent users · prompts of 2,000 tokens · answers of 500 tokens"),
        ("llama 70b 20 usuários, in 2k / out 500", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · prompts de 2.000 tokens · respostas de 500 tokens"),
        ("llama 70b 20 users prompt 2k out 300", "prompts of 2,000 tokens · answers of 300 tokens"),
        # as before: the keys with colons, the suffixes after their numbers, and the words written out
        ("llama 70b 20 users in: 2k, out: 500", "prompts of 2,000 tokens · answers of 500 tokens"),
        ("llama 70b 20 users 2k in / 500 out", "prompts of 2,000 tokens · answers of 500 tokens"),
        ("llama 70b 20 users input 2k output 1k", "prompts of 2,000 tokens · answers of 1,000 tokens"),
    ],
)  # fmt: skip
def test_a_prompt_and_an_answer_said_in_and_out(capsys, question, read):
    _reads(capsys, question, read)


def test_in_before_a_time_is_still_no_prompt(capsys):
    lines = _reads(capsys, "llama 70b 20 users in 2 weeks", "Understood: Llama 3.1 70B · 20 concurrent users")
    assert "prompts" not in lines[0], lines


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been "Não entendi: 20, pax" and one user
        ("llama 70b 20 pax", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        # had been the weights' FP8 and "Não entendi: k/v"
        ("llama 70b 20 users k/v fp8", "Entendi: Llama 3.1 70B · KV cache em FP8 · 20 usuários simultâneos"),
        # each had been sized with no price asked (or "Not understood: BRL")
        ("llama 70b 20 usuários em reais", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · custo"),
        ("llama 70b 20 users price in BRL", "Understood: Llama 3.1 70B · 20 concurrent users · cost"),
        # had been "8 h por dia" (a schedule) or the family's default with "Não entendi: 8x22"
        ("mixtral 8x7 10 usuários", "Entendi: Mixtral 8x7B · 10 usuários simultâneos"),
        ("mixtral 8x22 5 users", "Entendi: Mixtral 8x22B · 5 usuários simultâneos"),
    ],
)  # fmt: skip
def test_chat_shorthand_for_people_the_cache_money_and_experts(capsys, question, read):
    _reads(capsys, question, read)


def test_a_schedule_after_no_family_is_still_a_schedule(capsys):
    _reads(capsys, "llama 8b suporte 8x5", "Entendi: Llama 3.1 8B · 8 h por dia em dias úteis")


# -- support staff relaying a customer --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been a context of the reference's number (4,521 tokens), with "ticket" (and "re") not understood,
        # or the reference itself not understood ("case", "00123")
        ("ticket #4521: llama 70b 20 users", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        ("re: ticket 4521 - llama 70b para 20 usuários", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        ("chamado nº 8812: cliente quer qwen 32b pra 15 pessoas", "Entendi: Qwen2.5 32B · 15 usuários simultâneos"),
        ("case 00123 - customer needs llama 70b, 30 users, fp8", "Understood: Llama 3.1 70B · FP8 (8-bit) · 30 concurrent users"),
        ("#4521 llama 70b 20 usuários", "Entendi: Llama 3.1 70B · 20 usuários simultâneos"),
        # had been "Not understood: relaying" (or "behalf")
        ("relaying from customer: they need qwen 72b for 40 users at 16k", "Understood: Qwen2.5 72B · 16k context · 40 concurrent users"),
        ("on behalf of the customer: llama 70b 20 users", "Understood: Llama 3.1 70B · 20 concurrent users"),
    ],
)  # fmt: skip
def test_a_relayed_question_reads_no_reference_number(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert "contexto" not in lines[0] and "context" not in read.replace("16k context", ""), lines


def test_a_context_of_that_length_said_so_is_still_read(capsys):
    _reads(capsys, "llama 70b 20 usuários, 4521 tokens de contexto", "4.521 tokens de contexto")


# -- a size glued to its settings, GPUs as nvidia-smi names them, a version with a comma -------------------------------


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Não entendi" for the settings (or the whole word)
        ("llama70b4bit", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
        ("llama 70b4bit 10 users", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 10 usuários simultâneos"),
        ("llama70b-4bit", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128)"),
        ("qwen 32bfp8", "Entendi: Qwen2.5 32B · FP8 (8-bit)"),
        ("qwen 32b-q4 5 users", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 5 usuários simultâneos"),
        ("qwen 32bq4", "Entendi: Qwen2.5 32B · INT4 (AWQ/GPTQ g128)"),
        ("llama-70b-fp8-32k", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 32k de contexto"),
        ("llama-70b-4bit-32k", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 32k de contexto"),
        # as before: a hyphenated name, a repo, a file keep their names
        ("llama-3.1-70b-fp8 20 users", "Entendi: Llama 3.1 70B · FP8 (8-bit) · 20 usuários simultâneos"),
        ("Qwen/Qwen3-32B-FP8 20 users", "Entendi: Qwen3 32B (Qwen3-32B-FP8) · FP8 (8-bit) · 20 usuários simultâneos"),
        ("Llama-3.3-70B-Instruct-Q4_K_M.gguf 10 users", "Entendi: Llama 3.3 70B · GGUF Q4_K_M · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_a_size_glued_to_its_settings(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # had been a V100, and "80GB" an A100 weighed against it
        ("qwen 72b on NVIDIA-H100-80GB-HBM3", "Understood: Qwen2.5 72B · 1× H100 SXM 80 GB"),
        # had been "A100 SXM 80 GB or H100 SXM 80 GB"
        ("qwen 72b on H100-SXM5-80GB", "Understood: Qwen2.5 72B · 1× H100 SXM 80 GB"),
        # had been any "40 GB GPU", with "NVIDIA-A100-SXM4" not understood
        ("qwen 72b on NVIDIA-A100-SXM4-40GB", "Understood: Qwen2.5 72B · 1× A100 SXM 40 GB"),
        # each had earned the note of a vision model ("NVL" read as one)
        ("qwen 72b on 2 H100 NVL", "Understood: Qwen2.5 72B · 2× H100 NVL 94 GB"),
        ("qwen 72b on h100nvl", "Understood: Qwen2.5 72B · 1× H100 NVL 94 GB"),
    ],
)
def test_a_gpu_named_as_nvidia_smi_and_node_labels_name_it(capsys, question, read):
    lines = _reads(capsys, question, read)
    assert not any("vision" in line for line in lines), lines


def test_a_vision_model_still_gets_its_note(capsys):
    out = answer(capsys, "qwen 72b vision 10 users")
    assert "“vision”: um modelo com codificador de visão" in out.splitlines()[1], out


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been the base model, with "Não entendi: 2,5, coder"
        ("qwen 2,5 coder 32b", "Entendi: Qwen2.5-Coder 32B (arquitetura do Qwen2.5 32B)"),
        ("qwen 2,5 coder 7b 5 usuários", "Entendi: Qwen2.5-Coder 7B (arquitetura do Qwen2.5 7B) · 5 usuários simultâneos"),
        # as before
        ("qwen 2,5 72b 10 users", "Entendi: Qwen2.5 72B · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_a_version_with_a_decimal_comma_before_a_variant(capsys, question, read):
    _reads(capsys, question, read)


# -- follow-ups in a thread --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory):
    return Pipeline(RequestLog(tmp_path_factory.mktemp("threads") / "log.db"))


@pytest.mark.parametrize(
    ("follow_up", "read"),
    [
        # each had been "Não entendi o pedido" (or "Não entendi o pedido: “32Ktokens”")
        ("e em reais?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · custo"),
        ("e com 32Ktokens?", "Entendi: Llama 3.1 70B · 32k de contexto · 20 usuários simultâneos"),
        ("e in 4k out 1k?", "Entendi: Llama 3.1 70B · 20 usuários simultâneos · prompts de 4.000 tokens · respostas de 1.000 tokens"),
        ("e em 4bit/32k?", "Entendi: Llama 3.1 70B · INT4 (AWQ/GPTQ g128) · 32k de contexto · 20 usuários simultâneos"),
    ],
)  # fmt: skip
def test_follow_ups_in_a_thread(pipeline, follow_up, read):
    out = reply_in_thread(pipeline, "llama 70b pra 20 usuários", follow_up)
    assert out.splitlines()[0] == read, out


@pytest.mark.parametrize(
    ("follow_up", "said"),
    [
        # each had been "Não entendi o pedido" (or the request's "fastest" not understood)
        ("qual o mais veloz?", "O que decidiu: o mais rápido, como pedido."),
        ("which one is fastest?", "What decided: the fastest, as asked."),
        ("and the quickest?", "What decided: the fastest, as asked."),
    ],
)
def test_the_fastest_asked_in_a_thread(pipeline, follow_up, said):
    out = reply_in_thread(pipeline, "llama 70b pra 20 usuários", follow_up)
    assert said in out, out


# -- in Slack ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("qwen32b/awq/20 users", "Qwen2.5 32B · INT4 (AWQ/GPTQ g128) · 20 usuários simultâneos"),
        ("llama 70b 20 usuários, HIPAA", "A HIPAA é uma lei dos Estados Unidos"),
        ("gemma 5 30b ou qwen", "Qual “qwen”?"),
        ("ticket #4521: llama 70b 20 users", "Llama 3.1 70B · 20 usuários simultâneos"),
    ],
)
def test_the_new_readings_are_said_in_slack_in_valid_blocks(tmp_path, question, said):
    text = slash_reply_text(tmp_path, question)
    assert said in text, text
    assert "4.521" not in text, text


def test_the_fastest_asked_alone_is_asked_back_in_slack(tmp_path):
    text = slash_reply_text(tmp_path, "qual o mais rápido?")
    assert "O mais rápido para quê?" in text, text


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # a time said for answers of a length is the whole answer's, whatever the noun (the time had been
        # "Not understood: “20”, “s”")
        ("llama 3.1 8b, 10 users, answers of 2000 tokens in 20 s",
         "Understood: Llama 3.1 8B · 10 concurrent users · answers of 2,000 tokens · whole answer ≤ 20 s"),
        ("llama 3.1 8b, 10 usuários, respostas de 800 tokens em até 10 s",
         "Entendi: Llama 3.1 8B · 10 usuários simultâneos · respostas de 800 tokens · resposta completa ≤ 10 s"),
        # as before: the length alone, and the whole answer named
        ("llama 3.1 8b, 10 usuários, respostas de 800 tokens",
         "Entendi: Llama 3.1 8B · 10 usuários simultâneos · respostas de 800 tokens"),
        ("llama 3.1 8b, resposta completa de 300 tokens em 3s",
         "Entendi: Llama 3.1 8B · respostas de 300 tokens · resposta completa ≤ 3,0 s"),
    ],
)  # fmt: skip
def test_answers_of_a_length_in_a_time_are_a_whole_answer_target(capsys, question, read):
    _reads(capsys, question, read)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # each had been "Llama 3.1 8B + embeddings" (a BGE-M3 sized on the GPU) and "Não entendi: “sem”"
        ("llama 3.1 8b para 10 usuários, sem embeddings", "Entendi: Llama 3.1 8B · 10 usuários simultâneos"),
        ("llama 3.1 8b para 10 usuários. embedding? não", "Entendi: Llama 3.1 8B · 10 usuários simultâneos"),
        ("llama 3.1 8b for 10 users, we don't need an embedding model",
         "Understood: Llama 3.1 8B · 10 concurrent users"),
        ("llama 3.1 8b para 10 usuários, não precisamos de reranker",
         "Entendi: Llama 3.1 8B · 10 usuários simultâneos"),
        # as before: wanted, they are sized beside the LLM
        ("llama 3.1 8b para 10 usuários com embeddings", "Entendi: Llama 3.1 8B + embeddings · 10 usuários simultâneos"),
        ("llama 3.1 8b para 10 usuários com bge-m3", "Entendi: Llama 3.1 8B + BGE-M3 · 10 usuários simultâneos"),
    ],
)  # fmt: skip
def test_an_encoder_said_as_not_wanted_is_not_sized(capsys, question, read):
    _reads(capsys, question, read)
    assert "Embeddings" not in answer(capsys, question) or "+" in read


def test_a_named_release_s_example_has_no_stray_version(capsys):
    # "Jamba Mini 1.7" had been read as "jamba mini", its example "ai21labs/AI21-Jamba-Mini-1.7 1.7"
    err = refusal(capsys, "quanta memória para o Jamba Mini 1.7?")
    assert "`/gpu quanta memória para o ai21labs/AI21-Jamba-Mini-1.7?`" in err, err
