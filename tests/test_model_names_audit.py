"""An audit of model names as customers type them, older and newer, through gpu-size: each is the model named
(the "Entendi" line), a question asking which size (a family named alone), or an honest "not in the catalogue"
with the repo to paste; never another family's model of the same size. Those that broke it had been sized as
another model: "qwen2-vl 7b" as Mistral 7B v0.3 (the vision word glued to the name dropped it), "codellama 34b"
as Qwen3 32B with 67 layers (Code Llama 34B has 48 layers and 8 KV heads: its config.json, models.toml),
"deepseek-coder 6.7b" as Mistral 7B, "baichuan 2 7b" as Qwen2.5 7B, "gemma 7b" as Gemma 2 9B cut to 32 layers.
A second round (names asked in late 2026): "mistral 7b v0.1" had been v0.3 with "v0.1" not understood, "olmo 1b"
Olmo 3 7B cut to 4 layers, "starcoder2" the 15B without asking, "mamba 2.8b" and "stable code 3b" Llama 3.2 3B,
"hunyuan 7b" Hunyuan-A13B cut to 3 layers, "snowflake arctic embed" the 480B Arctic LLM, and Zephyr, OpenChat,
WizardLM, MPT, BLOOM, Jais, Typhoon, EXAONE 3.5 and InternLM2.5 were sized by their size as other models."""

from __future__ import annotations

import pytest

from bot.cli import main as gpu_size
from sizing.catalog import load_catalog
from sizing.engine import size
from sizing.query import parse


def _said(capsys, name: str) -> str:
    """The first line gpu-size says for the name asked about with 10 users: the answer's, or its refusal's."""
    gpu_size([f"{name} para 10 usuários"])
    out = capsys.readouterr()
    return (out.out or out.err).strip().splitlines()[0]


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    # A repo id is read by its name, as with the Hub unreachable: the catalogue answers for the repos it lists.
    monkeypatch.setenv("GPU_SIZER_HUB", "off")


@pytest.mark.parametrize(
    ("name", "understood"),
    [
        # Code Llama (Llama 2's generation, 16,384 positions): each size its own architecture.
        ("codellama 7b", "Code Llama 7B"),
        ("codellama 13b", "Code Llama 13B"),
        ("codellama 34b", "Code Llama 34B"),
        ("codellama 70b", "Code Llama 70B"),
        ("code llama 34b", "Code Llama 34B"),
        ("code-llama-13b-instruct", "Code Llama 13B"),
        ("CodeLlama-7b-Python-hf", "Code Llama 7B"),
        ("codellama/CodeLlama-34b-Instruct-hf", "Code Llama 34B"),
        ("codellama:70b", "Code Llama 70B · GGUF Q4_K_M"),  # an Ollama tag: its default file
        # Qwen2-VL, with its vision encoder
        ("qwen2-vl 7b", "Qwen2-VL 7B"),
        ("qwen2-vl 72b", "Qwen2-VL 72B"),
        ("qwen2 vl 7b instruct", "Qwen2-VL 7B"),
        ("Qwen/Qwen2-VL-72B-Instruct", "Qwen2-VL 72B"),
        # Vicuna v1.5 is Llama 2's shape, named as asked
        ("vicuna 13b", "Vicuna 13B v1.5 (arquitetura do Llama 2 13B)"),
        ("vicuna-7b-v1.5", "Vicuna 7B v1.5 (arquitetura do Llama 2 7B)"),
        # catalogue models, as customers type them
        ("qwen2.5 7b", "Qwen2.5 7B"),
        ("qwen2.5 coder 32b", "Qwen2.5-Coder 32B (arquitetura do Qwen2.5 32B)"),
        ("starcoder2 15b", "StarCoder2 15B"),
        ("deepseek-coder-v2-lite", "DeepSeek-Coder-V2-Lite"),
        ("deepseek coder v2 lite instruct", "DeepSeek-Coder-V2-Lite"),
        ("yi 34b", "Yi 34B (arquitetura do Yi-1.5 34B)"),
        ("yi-1.5 34b", "Yi-1.5 34B"),
        ("internlm3 8b", "InternLM3 8B"),
        ("falcon 40b", "Falcon 40B"),
        ("falcon 180b", "Falcon 180B"),
        ("falcon 3 10b", "Falcon3 10B"),
        ("dbrx instruct", "DBRX (132B-A36B)"),
        ("command r", "Command R 35B (v01)"),
        ("command r+", "Command R+ 104B (04-2024)"),
        ("command r plus", "Command R+ 104B (04-2024)"),
        ("aya expanse 8b", "Aya Expanse 8B"),
        ("phi-3 mini", "Phi-3 Mini 3.8B"),
        ("phi-3 medium", "Phi-3 Medium 14B"),
        ("phi-3.5 mini", "Phi-3.5 Mini 3.8B"),
        ("phi 4", "Phi-4 14B"),
        ("phi-4 mini", "Phi-4-mini 3.8B"),
        ("tinyllama", "TinyLlama 1.1B"),
        ("tinyllama 1.1b", "TinyLlama 1.1B"),
        ("olmo 2 13b", "OLMo 2 13B"),
        ("smollm3", "SmolLM3 3B"),
        ("mistral small 3", "Mistral Small 3 24B"),
        ("mistral small 24b", "Mistral Small 3 24B"),
        ("ministral 8b", "Ministral 3 8B"),
        ("codestral", "Codestral 22B"),
        ("codestral 22b", "Codestral 22B"),
        ("pixtral 12b", "Pixtral 12B"),
        ("pixtral large", "Pixtral Large (124B)"),
        ("gemma 2 9b", "Gemma 2 9B"),
        ("gemma 2 27b", "Gemma 2 27B"),
        ("gemma 3 27b", "Gemma 3 27B"),
        # the first Gemma's 2B (google/gemma-2b), catalogued since; Gemma 2's is "gemma 2 2b"
        ("gemma 2b", "Gemma 2B"),
        ("gemma 2 2b", "Gemma 2 2B"),
        ("llama 3.2 11b vision", "Llama 3.2 11B Vision"),
        ("llama 3.2 90b vision", "Llama 3.2 90B Vision"),
        ("llava 1.5 13b", "LLaVA 1.5 13B"),
        ("solar pro", "Solar Pro 22B"),
        ("exaone 4.0 32b", "EXAONE 4.0 32B"),
        ("sabia 7b", "Sabiá-7B"),
        ("sabiá 7b", "Sabiá-7B"),
        ("mistral 7b", "Mistral 7B v0.3"),
        ("mixtral 8x7b", "Mixtral 8x7B"),
        ("llama 2 13b", "Llama 2 13B"),
        ("llama 3 8b", "Llama 3 8B"),
        ("nemotron 70b", "Llama 3.1 Nemotron 70B (arquitetura do Llama 3.1 70B)"),
        # Mistral 7B's releases, each its own config (window, context, vocabulary)
        ("mistral 7b v0.1", "Mistral 7B v0.1"),
        ("mistral-7b-instruct-v0.1", "Mistral 7B v0.1"),
        ("mistral 7b v0.2", "Mistral 7B v0.2"),
        ("mistral 7b instruct v0.2", "Mistral 7B v0.2"),
        ("mistralai/Mistral-7B-Instruct-v0.2", "Mistral 7B v0.2"),
        ("mistral 7b v0.3", "Mistral 7B v0.3"),
        # OLMo's 1B models: the first OLMo's and OLMo 2's, never Olmo 3 7B cut down
        ("olmo 1b", "OLMo 1B"),
        ("allenai/OLMo-1B-hf", "OLMo 1B"),
        ("olmo 2 1b", "OLMo 2 1B"),
        ("allenai/OLMo-2-0425-1B-Instruct", "OLMo 2 1B"),
        ("solar 10.7b", "SOLAR 10.7B"),
        ("upstage/SOLAR-10.7B-Instruct-v1.0", "SOLAR 10.7B"),
        # fine-tunes of catalogue architectures, named as asked
        ("zephyr", "Zephyr 7B beta (arquitetura do Mistral 7B v0.1)"),
        ("zephyr 7b beta", "Zephyr 7B beta (arquitetura do Mistral 7B v0.1)"),
        ("HuggingFaceH4/zephyr-7b-beta", "Zephyr 7B beta (arquitetura do Mistral 7B v0.1)"),
        ("zephyr 141b", "Zephyr ORPO 141B-A35B (arquitetura do Mixtral 8x22B)"),
        ("openchat 3.5", "OpenChat 3.5 (arquitetura do Mistral 7B v0.1)"),
        ("openchat 7b", "OpenChat 3.5 (arquitetura do Mistral 7B v0.1)"),
        ("neural chat 7b", "Neural Chat 7B v3 (arquitetura do Mistral 7B v0.1)"),
        ("wizardlm 13b", "WizardLM 13B V1.2 (arquitetura do Llama 2 13B)"),
        ("wizardlm 70b", "WizardLM 70B V1.0 (arquitetura do Llama 2 70B)"),
        ("wizardlm 2 7b", "WizardLM-2 7B (arquitetura do Mistral 7B v0.1)"),
        ("wizardlm 2 8x22b", "WizardLM-2 8x22B (arquitetura do Mixtral 8x22B)"),
        ("wizardcoder python 34b", "WizardCoder Python 34B (arquitetura do Code Llama 34B)"),
        ("hermes 3 8b", "Hermes 3 8B (arquitetura do Llama 3.1 8B)"),
        ("hermes 3 70b", "Hermes 3 70B (arquitetura do Llama 3.1 70B)"),
        ("NousResearch/Hermes-3-Llama-3.1-405B", "Hermes 3 405B (arquitetura do Llama 3.1 405B)"),
        ("orca 2 13b", "Orca 2 13B (arquitetura do Llama 2 13B)"),
        ("shieldgemma 9b", "ShieldGemma 9B (arquitetura do Gemma 2 9B)"),
        ("sqlcoder 7b", "SQLCoder 7B-2 (arquitetura do Code Llama 7B)"),
        ("defog/sqlcoder-70b-alpha", "SQLCoder 70B alpha (arquitetura do Code Llama 70B)"),
        ("tulu 3 8b", "Tülu 3 8B (arquitetura do Llama 3.1 8B)"),
        ("openhermes 2.5", "OpenHermes 2.5 Mistral 7B (arquitetura do Mistral 7B v0.1)"),
        ("nous hermes 2 mistral 7b", "OpenHermes 2.5 Mistral 7B (arquitetura do Mistral 7B v0.1)"),
        ("starling lm 7b", "Starling LM 7B (arquitetura do Mistral 7B v0.1)"),
        ("biomistral 7b", "BioMistral 7B (arquitetura do Mistral 7B v0.1)"),
        ("saul 7b", "Saul 7B (arquitetura do Mistral 7B v0.1)"),
        ("meditron 70b", "Meditron 70B (arquitetura do Llama 2 70B)"),
        ("mythomax 13b", "MythoMax L2 13B (arquitetura do Llama 2 13B)"),
        ("xwin lm 70b", "Xwin-LM 70B (arquitetura do Llama 2 70B)"),
        ("openbiollm 70b", "OpenBioLLM 70B (arquitetura do Llama 3 70B)"),
        ("llemma 7b", "Llemma 7B (arquitetura do Code Llama 7B)"),
        # "lion" in its name is no Lion optimizer (it had been Gemma 2 9B trained with Lion)
        ("sea-lion v3 9b", "SEA-LION v3 9B (arquitetura do Gemma 2 9B)"),
        # "mistral 8x7b" had been Mistral Small 4 cut to 17 layers
        ("mistral 8x7b", "Mixtral 8x7B"),
        ("mistral 8x22b", "Mixtral 8x22B"),
        # Portuguese-language models
        ("canarim 7b", "Canarim 7B (arquitetura do Llama 2 7B)"),
        ("gervásio 8b", "Gervásio 8B (arquitetura do Llama 3.1 8B)"),
        ("bode 7b", "Bode 7B (arquitetura do Llama 2 7B)"),
        ("tucano 2b4", "Tucano 2B4"),
        ("amadeus verbo 7b", "Amadeus Verbo 7B (arquitetura do Qwen2.5 7B)"),
        ("sabiá-7b", "Sabiá-7B"),
        # late 2026's open models, as customers name them
        ("qwen3 30b a3b", "Qwen3 30B-A3B"),
        ("qwen3 next 80b", "Qwen3-Next 80B-A3B"),
        ("qwen3.5 27b", "Qwen3.5 27B"),
        ("deepseek v3.1", "DeepSeek V3.1 (arquitetura do DeepSeek V3)"),
        ("deepseek v4 flash", "DeepSeek V4 Flash"),
        ("kimi k2.5", "Kimi K2.5 (1T-A32B)"),
        ("glm 5", "GLM-5 (744B-A40B)"),
        ("minimax m2", "MiniMax-M2 (230B-A10B)"),
        ("gpt-oss 120b", "gpt-oss-120b"),
        ("llama 4 scout", "Llama 4 Scout 17B-16E"),
        ("gemma 3n e4b", "Gemma 3n E4B"),
        ("mistral small 3.2", "Mistral Small 3.2 24B"),
        ("magistral small", "Magistral Small 2509 (arquitetura do Mistral Small 3.2 24B)"),
        ("phi-4 reasoning", "Phi-4-reasoning 14B"),
        ("granite 4.0 h small", "Granite 4.0 H Small"),
        ("nemotron nano 9b v2", "Nemotron Nano 9B v2"),
        ("seed oss 36b", "Seed-OSS 36B"),
        ("ernie 4.5 21b a3b", "ERNIE 4.5 21B-A3B"),
        ("command r7b", "Command R7B (12-2024)"),
        ("qwen2.5 vl 72b", "Qwen2.5-VL 72B"),
        ("deepseek ocr", "DeepSeek-OCR"),
        ("llama guard 3 8b", "Llama Guard 3 8B (arquitetura do Llama 3.1 8B)"),
    ],
)
def test_a_catalogued_model_is_understood_as_itself(capsys, name, understood):
    assert _said(capsys, name) == f"Entendi: {understood} · 10 usuários simultâneos"


@pytest.mark.parametrize(
    ("name", "model"),
    [
        # The catalogue knows it lacks these: said so, with the repo to paste (the Hub reader sizes it).
        ("deepseek-coder 6.7b", "DeepSeek-Coder (1.3B-33B)"),
        ("deepseek coder 33b", "DeepSeek-Coder (1.3B-33B)"),
        ("deepseek-coder-1.3b-instruct", "DeepSeek-Coder (1.3B-33B)"),
        ("deepseek llm 67b", "DeepSeek LLM (7B-67B)"),
        ("deepseek 67b", "DeepSeek LLM (7B-67B)"),
        ("codestral mamba", "Codestral Mamba 7B (7.3B)"),
        ("mamba-codestral-7b-v0.1", "Codestral Mamba 7B (7.3B)"),
        ("llava-onevision 7b", "LLaVA-OneVision (0.5B-72B)"),
        ("llava next 7b", "LLaVA 1.6 (7B-34B)"),
        ("llava-next 34b", "LLaVA 1.6 (7B-34B)"),
        ("chatglm3 6b", "ChatGLM (6B)"),
        ("chatglm 6b", "ChatGLM (6B)"),
        ("glm-4 9b", "GLM-4 9B (9B)"),
        ("glm 4 9b chat", "GLM-4 9B (9B)"),
        ("glm-4-9b-chat", "GLM-4 9B (9B)"),
        ("baichuan2 13b", "Baichuan 2 (7B-13B)"),
        ("baichuan 2 7b", "Baichuan 2 (7B-13B)"),
        ("yi 6b", "Yi 6B / 9B (6B-9B)"),
        ("yi 9b", "Yi 6B / 9B (6B-9B)"),
        ("yi-1.5 9b", "Yi 6B / 9B (6B-9B)"),
        ("yi 1.5 6b", "Yi 6B / 9B (6B-9B)"),
        ("phi-2", "Phi-2 (2.7B)"),
        ("phi 2", "Phi-2 (2.7B)"),
        ("minicpm", "MiniCPM (1B-8B)"),
        ("minicpm-v 2.6", "MiniCPM (1B-8B)"),
        ("minicpm3 4b", "MiniCPM (1B-8B)"),
        ("codegemma 7b", "CodeGemma (2B-7B)"),
        ("code gemma 2b", "CodeGemma (2B-7B)"),
        ("paligemma", "PaliGemma (3B-28B)"),
        ("paligemma 2 10b", "PaliGemma (3B-28B)"),
        ("qwen2-audio 7b", "Qwen2-Audio 7B (8.2B)"),
        ("qwen2 audio", "Qwen2-Audio 7B (8.2B)"),
        ("qwen1.5 14b", "Qwen1.5 (0.5B-110B)"),
        ("qwen 1.5 72b", "Qwen1.5 (0.5B-110B)"),
        ("falcon 7b", "Falcon 7B (7B)"),
        ("falcon-7b-instruct", "Falcon 7B (7B)"),
        ("falcon3 7b", "Falcon3 1B / 3B / 7B (1B-7B)"),
        ("falcon3 1b", "Falcon3 1B / 3B / 7B (1B-7B)"),
        ("smollm2 1.7b", "SmolLM2 (135M-1.7B)"),
        ("smollm2 360m", "SmolLM2 (135M-1.7B)"),
        ("granite code 8b", "Granite Code (3B-34B)"),
        ("granite-code 34b", "Granite Code (3B-34B)"),
        ("granite-34b-code-instruct", "Granite Code (3B-34B)"),
        ("starcoder 15b", "StarCoder 15B (15.5B)"),
        ("starcoderbase 7b", "StarCoder 15B (15.5B)"),
        ("aya 23 35b", "Aya 23 (8B-35B)"),
        ("aya 101", "Aya 101 (13B)"),
        ("sea-lion 7b", "SEA-LION (3B-7B)"),  # it had been Mistral 7B trained with the Lion optimizer
        ("starcoder2 3b", "StarCoder2 3B (3B)"),
        ("starcoder2 7b", "StarCoder2 7B (7B)"),
        # second round: another architecture (state spaces, hybrids, encoder-decoders, vision towers), or no
        # config.json cited; each had been sized by its size as some catalogue model, or not recognised at all
        ("internvl2 8b", "InternVL2 (1B-76B)"),
        ("InternVL2-26B", "InternVL2 (1B-76B)"),
        ("mpt 7b", "MPT (7B-30B)"),
        ("mpt 30b", "MPT (7B-30B)"),
        ("bloom", "BLOOM (560M-176B)"),
        ("bloom 176b", "BLOOM (560M-176B)"),
        ("bloomz 7b1", "BLOOM (560M-176B)"),
        ("jais 13b", "Jais (590M-70B)"),
        ("jais 30b", "Jais (590M-70B)"),
        ("typhoon 2 8b", "Typhoon (1B-70B)"),
        ("exaone 3.5 2.4b", "EXAONE 3.5 (2.4B-32B)"),
        ("exaone 3.5 7.8b", "EXAONE 3.5 (2.4B-32B)"),
        ("exaone 3.5 32b", "EXAONE 3.5 (2.4B-32B)"),
        ("internlm2.5 7b", "InternLM2 / InternLM2.5 (1.8B-20B)"),
        ("internlm2.5 20b", "InternLM2 / InternLM2.5 (1.8B-20B)"),
        ("internlm2 7b", "InternLM2 / InternLM2.5 (1.8B-20B)"),
        ("olmoe", "OLMoE (1B-7B)"),
        ("mamba 2.8b", "Mamba (state-spaces) (130M-2.8B)"),
        ("falcon mamba 7b", "Falcon Mamba 7B (7B)"),
        ("falcon 11b", "Falcon 2 11B (11B)"),
        ("falcon 2 11b", "Falcon 2 11B (11B)"),
        ("falcon h1 34b", "Falcon-H1 34B (34B)"),
        ("lfm2 1.2b", "LFM2 (350M-8B)"),
        ("nemotron 3 super", "Nemotron 3 Super (120B-A12B)"),
        ("nemotron 3 ultra", "Nemotron 3 Ultra (550B-A55B)"),
        ("apertus 8b", "Apertus 8B (8B)"),
        ("apertus 70b", "Apertus 70B (70B)"),
        ("jamba 1.5 mini", "Jamba (52B-398B)"),
        ("zamba2 7b", "Zamba2 (1.2B-7B)"),
        ("hymba 1.5b", "Hymba 1.5B (1.5B)"),
        ("rwkv 7", "RWKV (0.1B-14B)"),
        ("eagle 7b", "RWKV (0.1B-14B)"),  # RWKV's Eagle 7B, no EAGLE draft method (test_speculative had it)
        ("molmo 7b", "Molmo (1B-72B)"),
        ("idefics3 8b", "Idefics (8B-80B)"),
        ("florence 2", "Florence-2 (230M-770M)"),
        ("nougat", "Nougat (250M-350M)"),
        ("stablelm 2 1.6b", "StableLM / Stable Code (1.6B-12B)"),
        ("stable code 3b", "StableLM / Stable Code (1.6B-12B)"),
        ("flan t5 xxl", "T5 / Flan-T5 (60M-11B)"),
        ("gpt-j 6b", "GPT-J 6B (6B)"),
        ("gpt neox 20b", "GPT-NeoX / Pythia (70M-20B)"),
        ("pythia 12b", "GPT-NeoX / Pythia (70M-20B)"),
        ("dolly v2 12b", "GPT-NeoX / Pythia (70M-20B)"),
        ("aya vision 8b", "Aya Vision (8B-32B)"),
        ("hunyuan 7b", "Hunyuan dense (0.5B-7B)"),
        ("arctic text2sql", "Arctic-Text2SQL-R1 (7B-32B)"),
        ("mimo vl 7b", "MiMo-VL 7B (7B)"),
        ("kimi vl", "Kimi-VL (16B-A3B)"),
        ("deepseek vl2", "DeepSeek-VL2 (3B-27B)"),
        ("cogvlm2", "CogVLM2 (19B)"),
        ("granite guardian", "Granite Guardian (2B-8B)"),
        ("granite vision", "Granite Vision (2B)"),
        ("voxtral", "Voxtral (3B-24B)"),
        ("longcat flash", "LongCat-Flash (560B)"),
        ("ling lite", "Ling / Ring (16B-1T)"),
        ("baichuan m1", "Baichuan-M1 14B (14B)"),
        ("wizardcoder 15b", "WizardCoder (15B-33B)"),
        ("yi coder 9b", "Yi-Coder (1.5B-9B)"),
        ("codegeex4 9b", "CodeGeeX4 9B (9B)"),
        ("opencoder 8b", "OpenCoder (1.5B-8B)"),
        ("phi 3 small", "Phi-3 Small (7B)"),
        ("qwen3 omni", "Qwen3-Omni 30B-A3B (30B-A3B)"),
        ("deepseek math 7b", "DeepSeekMath 7B (7B)"),
        # Portuguese-language models without a cited config
        ("cabra 8b", "Cabra (botbot-ai) (8B-72B)"),
        ("cabrita", "Cabrita (7B)"),
        ("open cabrita 3b", "Open Cabrita 3B (3B)"),
        ("glória 1.3b", "GlórIA 1.3B (1.3B)"),
        ("step3", "Step3 (321B-A38B)"),
    ],
)
def test_a_model_the_catalogue_lacks_is_said_so(capsys, name, model):
    said = _said(capsys, name)
    # with why, after the colon (test_a_refusal_says_why_the_model_is_not_catalogued)
    assert said.startswith(
        f"gpu-size: O {model} ainda não está no catálogo, e não dimensiono outro modelo no lugar dele: "
    )


@pytest.mark.parametrize(
    ("name", "sizes"),
    [
        ("codellama", "7B, 13B, 34B, 70B"),
        ("code llama", "7B, 13B, 34B, 70B"),
        ("llama 3.1", "8B, 70B, 405B"),
        ("qwen2.5", "0.5B, 1.5B, 3B, 7B, 14B, 32B, 72B"),
        ("olmo 2", "1B, 7B, 13B, 32B"),
        ("hermes 3", "8B, 70B, 405B"),
        ("wizardlm", "13B V1.2, 70B V1.0"),
        ("wizardlm 2", "7B, 8x22B"),
        ("orca 2", "7B, 13B"),
        ("shieldgemma", "2B, 9B, 27B"),
        ("bode", "7B, 13B"),
        ("tucano", "1B1, 2B4"),
        ("gervásio", "7B, 8B"),
        ("tulu 3", "8B, 70B, 405B"),
        ("llemma", "7B, 34B"),
    ],
)
def test_a_family_named_alone_asks_which_size(capsys, name, sizes):
    assert f"Ele vem em vários tamanhos: {sizes}." in _said(capsys, name)


@pytest.mark.parametrize(
    ("name", "sizes", "missing"),
    [
        # "starcoder2" alone had been sized as its 15B, the one size catalogued, without asking.
        ("starcoder2", "3B, 7B, 15B", "3B, 7B"),
        ("qwen2-vl", "2B, 7B, 72B", "2B"),
        ("gemma 4", "E2B, E4B, 26B-A4B, 31B", "E2B, E4B"),
        ("sqlcoder", "7B-2, 15B, 34B alpha, 70B alpha", "15B"),
        ("phi 3", "Mini 3.8B, Small 7B, Medium 14B", "Small 7B"),
    ],
)
def test_a_family_named_alone_lists_the_sizes_the_catalogue_lacks_as_missing(capsys, name, sizes, missing):
    gpu_size([f"{name} para 10 usuários"])
    said = capsys.readouterr().err.splitlines()
    assert f"Ele vem em vários tamanhos: {sizes}." in said[0]
    assert said[1].startswith(f"Fora do catálogo por enquanto: {missing} (")


def test_a_family_named_alone_says_its_missing_sizes_in_english(capsys):
    gpu_size(["how much vram for starcoder2?"])
    said = capsys.readouterr().err.splitlines()
    assert said[0].startswith("gpu-size: Which StarCoder2? It comes in several sizes: 3B, 7B, 15B.")
    assert said[1].startswith("Not in the catalogue yet: 3B, 7B (")


@pytest.mark.parametrize(
    ("name", "named"),
    [
        # A family the catalogue lacks, with its size: sized by that size and named as asked, never silently.
        # (Zephyr, OpenChat, WizardLM, Hermes 3, InternLM2.5, EXAONE 3.5, MPT and Qwen2 had been here: catalogued
        # or said not catalogued since.)
        ("xverse 13b", "xverse 13b"),
        ("granite 3.1 8b", "granite 3.1 8b"),
        # a vision model's name glued to its word is its name, not dropped for the bare size
        ("minicpm-v2 8b", "minicpm-v2 8b"),
    ],
)
def test_a_family_the_catalogue_lacks_keeps_its_name(capsys, name, named):
    assert _said(capsys, name).startswith(f"Entendi: {named} (dimensionado como ")


@pytest.mark.parametrize(
    ("text", "understood"),
    [
        # Words of a sentence are no model's name: a person ("para a Glória"), a step, an attention kind, a typo's
        # neighbour ("starting" is no Starling).
        ("qwen3 8b para a gloria e o saul", "Qwen3 8B"),
        ("step 3: rodar o qwen3 8b", "Qwen3 8B"),
        ("llama 8b com ring attention", "Llama 3.1 8B"),
        ("llama 8b 50 users starting January 2027", "Llama 3.1 8B"),
    ],
)
def test_a_common_word_is_no_model_name(capsys, text, understood):
    assert _said(capsys, text).startswith(f"Entendi: {understood} ")


def test_mistral_7b_v0_1_keeps_only_its_4096_token_window():
    # Mistral 7B paper (arXiv:2310.06825) Table 1: 32 layers, 8 KV heads of 128, window 4096, context 8192.
    v01 = size(parse("mistral 7b v0.1 8k").workload)
    assert v01.kv_bytes_per_conversation == 32 * 2 * 8 * 128 * 2 * 4096
    # v0.2 and v0.3 have no window: an 8k conversation keeps all its 8,192 tokens.
    for release in ("v0.2", "v0.3"):
        whole = size(parse(f"mistral 7b {release} 8k").workload)
        assert whole.kv_bytes_per_conversation == 32 * 2 * 8 * 128 * 2 * 8192
    catalog = load_catalog()
    assert (catalog.model("mistral-7b-v0.1").vocab_size, catalog.model("mistral-7b-v0.3").vocab_size) == (
        32_000,
        32_768,
    )


def test_mistral_7b_v0_1_refuses_past_its_8k_and_v0_2_reads_32k(capsys):
    assert _said(capsys, "mistral 7b v0.1 com 16k de contexto") == (
        "gpu-size: 16.384 tokens passam do limite do Mistral 7B v0.1, que é de 8.192 tokens. "
        "É o contexto que quem publicou o modelo declara para ele."
    )
    assert _said(capsys, "mistral 7b v0.2 com 32k de contexto").startswith("Entendi: Mistral 7B v0.2 · 32k")


def test_olmo_1b_models_are_their_own_shapes():
    catalog = load_catalog()
    olmo2 = catalog.model("olmo-2-1b")  # fairseq2 olmo2_1b: 16 layers of 2048, 16 KV heads, 100,352 tokens
    assert (olmo2.num_layers, olmo2.hidden_size, olmo2.num_kv_heads, olmo2.max_context) == (
        16,
        2048,
        16,
        4096,
    )
    olmo1 = catalog.model("olmo-1b")  # OLMo-1B-hf: tied embeddings, 2,048 tokens
    assert olmo1.tie_embeddings and olmo1.max_context == 2048
    assert abs(olmo1.params / 1.18e9 - 1) < 0.01


def test_snowflake_arctic_embed_is_an_embedding_model_not_the_arctic_llm(capsys):
    gpu_size(["snowflake arctic embed"])
    out = capsys.readouterr()
    said = (out.out or out.err).strip()
    assert said.startswith("Snowflake Arctic Embed L (modelo de embeddings, 335M parâmetros")
    assert "480B" not in said


def test_qwen2_vl_2b_is_said_missing_with_the_sizes_it_has(capsys):
    said = _said(capsys, "qwen2-vl 2b")
    assert said.startswith(
        "gpu-size: O Qwen2-VL 2B ainda não está no catálogo. Do Qwen2-VL eu dimensiono 7B, 72B"
    )


def test_code_llama_34b_is_its_own_grouped_query_shape():
    # codellama/CodeLlama-34b-hf config.json: 48 layers of 8192, 64 heads, 8 KV heads of 128, 16,384 positions.
    model = load_catalog().model("codellama-34b")
    assert (model.num_layers, model.hidden_size, model.num_kv_heads, model.max_context) == (
        48,
        8192,
        8,
        16_384,
    )
    assert abs(model.params / 33.74e9 - 1) < 0.005
    # 48 layers x K,V x 8 KV heads x 128 x 2 bytes per token: 196,608 bytes (a 67-layer Qwen3 32B kept 274,432).
    result = size(parse("codellama 34b 16k").workload)
    assert result.kv_bytes_per_conversation == 48 * 2 * 8 * 128 * 2 * 16_384


def test_code_llama_7b_keeps_full_multi_head_attention_and_its_16k_window(capsys):
    # 32 KV heads of 128 in each of 32 layers: 512 KiB a token, four times Llama 3.1 8B's.
    seven = size(parse("codellama 7b 16k").workload)
    assert seven.kv_bytes_per_conversation == 32 * 2 * 32 * 128 * 2 * 16_384
    assert _said(capsys, "codellama 13b com 20k de contexto") == (
        "gpu-size: 20.000 tokens passam do limite do Code Llama 13B, que é de 16.384 tokens. "
        "É o contexto que quem publicou o modelo declara para ele."
    )


def test_qwen2_vl_counts_its_vision_encoder():
    catalog = load_catalog()
    # 675,759,616 (7B) and 699,356,672 (72B) from the module print: the Hub's 8.29B and 73.4B in all
    assert abs(catalog.model("qwen2-vl-7b").params / 8.29e9 - 1) < 0.002
    assert abs(catalog.model("qwen2-vl-72b").params / 73.4e9 - 1) < 0.002
    assert size(parse("qwen2-vl 7b").workload).workload.model.vision_params == 675_759_616


def test_another_release_after_a_listed_name_is_no_listed_model(capsys):
    # "deepseek coder v3" had been said to be the first DeepSeek-Coder (1.3B-33B), whose name it begins with.
    assert _said(capsys, "deepseek coder v3") == (
        "gpu-size: Não conheço o modelo “deepseek coder v3”. Você quis dizer: DeepSeek-Coder-V2 236B, "
        "DeepSeek-Coder-V2-Lite?"
    )


@pytest.mark.parametrize(
    ("name", "understood"),
    [
        # a fine-tune named with its base's family, version and size keeps that version ("dolphin-2.9-llama3-8b"
        # had been Llama 3.1 8B, the newest Llama of 8B)
        ("dolphin-2.9-llama3-8b", "dolphin-2.9-llama3-8b (dimensionado como Llama 3 8B)"),
        ("hermes-2-pro-llama-3-8b", "hermes-2-pro-llama-3-8b (dimensionado como Llama 3 8B)"),
        ("dolphin-2.9-llama3.1-8b", "dolphin-2.9-llama3.1-8b (dimensionado como Llama 3.1 8B)"),
        ("foo-llama-2-13b", "foo-llama-2-13b (dimensionado como Llama 2 13B)"),
        ("cognitivecomputations/dolphin-2.9-llama3-8b", "Llama 3 8B"),
        # Llama 3.1 Swallow: a Japanese continued pre-training, Llama 3.1's architecture ("swallow" had been dropped)
        ("llama 3.1 swallow 8b", "Llama 3.1 Swallow 8B (arquitetura do Llama 3.1 8B)"),
        ("llama-3.1-swallow-70b-instruct", "Llama 3.1 Swallow 70B (arquitetura do Llama 3.1 70B)"),
        (
            "tokyotech-llm/Llama-3.1-Swallow-8B-Instruct-v0.3",
            "Llama 3.1 Swallow 8B (arquitetura do Llama 3.1 8B)",
        ),
        # ERNIE 4.5's dense 0.3B, from transformers' Ernie4_5Config
        ("ernie 4.5 0.3b", "ERNIE 4.5 0.3B"),
        ("baidu/ERNIE-4.5-0.3B-PT", "ERNIE 4.5 0.3B"),
    ],
)
def test_a_name_with_its_base_is_sized_as_that_base(capsys, name, understood):
    assert _said(capsys, name) == f"Entendi: {understood} · 10 usuários simultâneos"


def test_a_fine_tune_named_by_its_base_says_it_used_that_base(capsys):
    gpu_size(["dolphin-2.9-llama3-8b"])
    out = capsys.readouterr().out
    # not "a family the catalogue lacks, sized by its size": the base its name says
    assert (
        "“dolphin-2.9-llama3-8b” não está no catálogo: usei o Llama 3 8B, da mesma família, pelo nome" in out
    )
    assert "família que não está no catálogo" not in out


def test_ernie_4_5_alone_asks_which_size(capsys):
    assert _said(capsys, "ernie 4.5") == (
        "gpu-size: Qual ERNIE 4.5? Ele vem em vários tamanhos: 0.3B, 21B-A3B, 300B-A47B. Diga qual, por exemplo: "
        "`/gpu ernie 4.5 21b-a3b para 10 usuários`."
    )


def test_ernie_0_3b_is_its_config():
    # transformers' Ernie4_5Config (the 0.3B): 18 layers, 2 KV heads of 128 (not 1024 / 16 heads = 64), tied
    # embeddings: 18 layers x K,V x 2 x 128 x 2 bytes a token.
    assert size(parse("ernie 4.5 0.3b 8k").workload).kv_bytes_per_conversation == 18 * 2 * 2 * 128 * 2 * 8192
    model = load_catalog().model("ernie-4.5-0.3b")
    assert model.tie_embeddings and model.max_context == 131_072
    assert abs(model.params / 0.36e9 - 1) < 0.01


@pytest.mark.parametrize(
    ("name", "model"),
    [
        # Qwen2.5-Math: a shorter window than Qwen2.5's, its config not cited (it had been Qwen2.5 7B)
        ("qwen2.5 math 7b", "Qwen2.5-Math 7B (7B)"),
        ("Qwen2.5-Math-72B-Instruct", "Qwen2.5-Math 72B (72B)"),
        ("qwen2.5-math-1.5b", "Qwen2.5-Math 1.5B (1.5B)"),
        # Sarvam-M: a text-only fine-tune of Mistral Small 3.1 ("sarvam m" had been "Faltou dizer o modelo")
        ("sarvam m", "Sarvam-M (24B)"),
        ("sarvam-m", "Sarvam-M (24B)"),
        # ERNIE 4.5 VL: multimodal MoEs (it had been sized as Qwen3 32B cut to 55 layers)
        ("ernie 4.5 vl 28b", "ERNIE 4.5 VL 28B-A3B (28B-A3B)"),
    ],
)
def test_newer_names_the_catalogue_lacks_are_said_so(capsys, name, model):
    assert _said(capsys, name).startswith(f"gpu-size: O {model} ainda não está no catálogo")


@pytest.mark.parametrize(
    ("name", "lang", "why"),
    [
        (
            "qwen2.5 math 7b",
            "pt-BR",
            "a config.json dele (camadas, cabeças KV, contexto) ainda não foi citada aqui",
        ),
        (
            "jamba 1.5 mini",
            "pt-BR",
            "ele tem camadas de espaço de estados (Mamba, RWKV ou convoluções curtas)",
        ),
        ("flan-t5 xl", "pt-BR", "ele é um codificador-decodificador (como o T5)"),
        ("qwen3-vl 2b", "pt-BR", "o codificador de imagem ou de áudio dele"),
        (
            "phi 3 small",
            "pt-BR",
            "a arquitetura dele arranja as camadas de um jeito que o catálogo ainda não descreve",
        ),
        ("falcon mamba 7b", "en", "it has state-space layers (Mamba, RWKV or short convolutions)"),
        ("flan-t5 xl", "en", "it is an encoder-decoder (like T5)"),
        ("sarvam m", "en", "its config.json (layers, KV heads, context) has not been cited here"),
        ("rwkv 7b", "pt-PT", "tem camadas de espaço de estados (Mamba, RWKV ou convoluções curtas)"),
        ("qwen3-vl 2b", "pt-PT", "o seu codificador de imagem ou de áudio"),
    ],
)
def test_a_refusal_says_why_the_model_is_not_catalogued(capsys, name, lang, why):
    # models.toml [[uncatalogued]] reason, in the reader's language (it had been only a comment in the file)
    gpu_size(["--lang", lang, name])
    said = capsys.readouterr().err.splitlines()[0]
    assert f": {why}" in said


@pytest.mark.parametrize(
    ("question", "encoder"),
    [
        # the suite's size letter typed apart ("snowflake arctic embed m" had been the L, the "m" dropped)
        ("snowflake arctic embed m", "Snowflake Arctic Embed M (modelo de embeddings, 109M parâmetros"),
        ("snowflake-arctic-embed-m", "Snowflake Arctic Embed M (modelo de embeddings, 109M parâmetros"),
        ("snowflake arctic embed l", "Snowflake Arctic Embed L (modelo de embeddings, 335M parâmetros"),
        ("snowflake arctic embed", "Snowflake Arctic Embed L (modelo de embeddings, 335M parâmetros"),
    ],
)
def test_an_embedding_suite_size_is_the_one_asked(capsys, question, encoder):
    gpu_size([question])
    assert capsys.readouterr().out.startswith(encoder)


def test_an_embedding_beside_an_llm_keeps_its_size_letter(capsys):
    assert _said(capsys, "llama 3.1 8b + arctic embed m").startswith(
        "Entendi: Llama 3.1 8B + Snowflake Arctic Embed M"
    )
    # a word after the name is no size letter ("mais" is not "m")
    assert _said(capsys, "llama 3.1 8b + snowflake arctic embed mais").startswith(
        "Entendi: Llama 3.1 8B + Snowflake Arctic Embed L"
    )
