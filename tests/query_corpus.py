"""Table-driven corpus for `sizing.query.parse`: what people type in Slack, and what it must mean.

Pure data, no tests: the test module iterates over these tables.

Conventions the tables follow (decided once, applied to every case):
- `stage` is listed only when the text names one. "rodar", "correr", "run", "serve", "servir" and
  "inferência"/"inference" all name `inference`; a plain sizing question ("quanto de memória...", "cabe...",
  "fit on...") names no stage. "ajuste fino com LoRA" / "fine-tune with QLoRA" name the adapter stage, not
  `full`. "do zero" / "from scratch" name `pretrain` and never a ZeRO stage.
- "numa/uma/na L40S", "on an H100", "quantas H100" name a GPU but no count; `gpus` is listed only for an
  explicit number ("2x", "duas", "8 H200", "8 gpus", "1x").
- `k` = 1024 after a power of two (8k, 32k, 128k; `M` the same: 1M = 2**20), 1000 after any other number
  (500k = 500,000), "mil" = 1000, `T`/"trilhões" = 10**12, `B`/"bilhões" (tokens) = 10**9, `M` (tokens) = 10**6.
- Every model context in PHRASINGS is within that model's `max_context` (models.toml), so no phrasing
  trips `context_beyond_model`.
"""

# Each case: (text, expected). `expected` lists only the fields the text determines; every field not
# listed must come out as "not given" (None / default). Values are RESOLVED catalogue ids.
PHRASINGS: list[tuple[str, dict]] = [
    # ---------------------------------------------------------------- shorthand: order and case
    ("70b 4bit 32k 10users", {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10}),
    ("70B 4BIT 32K 10USERS", {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10}),
    ("10users 32k 4bit 70b", {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10}),
    (
        "32k 70b 10 users 4-bit",
        {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10},
    ),
    ("70b int4 32K 10u", {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10}),
    ("70B Q4_K_M 32K 4U", {"model": "llama-3.1-70b", "precision": "q4_k_m", "context": 32768, "users": 4}),
    (
        "llama-3.1-70b q4_k_m ctx=8k users=4",
        {"model": "llama-3.1-70b", "precision": "q4_k_m", "context": 8192, "users": 4},
    ),
    ("8b fp16 8k 1u", {"model": "llama-3.1-8b", "precision": "bf16", "context": 8192, "users": 1}),
    ("1.5b q8_0 4k", {"model": "qwen2.5-1.5b", "precision": "q8_0", "context": 4096}),
    ("8x7b awq 32k 5u", {"model": "mixtral-8x7b", "precision": "int4", "context": 32768, "users": 5}),
    ("8x22b gptq 64k", {"model": "mixtral-8x22b", "precision": "int4", "context": 65536}),
    (
        "30b-a3b fp8 32k 16 users",
        {"model": "qwen3-30b-a3b", "precision": "fp8", "context": 32768, "users": 16},
    ),
    ("3b int8 8k", {"model": "llama-3.2-3b", "precision": "int8", "context": 8192}),
    (
        "7b q5_k_m 8k 2 users",
        {"model": "mistral-7b-v0.3", "precision": "q5_k_m", "context": 8192, "users": 2},
    ),
    ("14b nf4 16k", {"model": "qwen3-14b", "precision": "nf4", "context": 16384}),
    ("32b 8bit 32k users=12", {"model": "qwen3-32b", "precision": "fp8", "context": 32768, "users": 12}),
    ("12b mxfp4 64k", {"model": "mistral-nemo-12b", "precision": "mxfp4", "context": 65536}),
    ("70b fp32", {"model": "llama-3.1-70b", "precision": "fp32"}),
    ("405b bf16", {"model": "llama-3.1-405b", "precision": "bf16"}),
    # A choice of precisions sizes the first (and says so): "4 ou 8 bits" had been FP8, silently.
    ("llama 70b em 4 ou 8 bits", {"model": "llama-3.1-70b", "precision": "int4"}),
    ("qwen2.5 32b em 8 ou 16 bits", {"model": "qwen2.5-32b", "precision": "fp8"}),
    ("70b fp8 ou int4", {"model": "llama-3.1-70b", "precision": "fp8"}),
    ("70b int4 vs fp8", {"model": "llama-3.1-70b", "precision": "int4"}),
    ("70b 4-bit or 8-bit", {"model": "llama-3.1-70b", "precision": "int4"}),
    # It had been refused as a contradiction: a wish to compare, answered for the first and said.
    ("Quanto precisa um 70B em 4 bits e em 16 bits?", {"model": "llama-3.1-70b", "precision": "int4"}),
    # A vision-language model is its own entry, vision encoder included ("qwen2.5-vl 7b" had been Mistral 7B,
    # and its Hugging Face repo the text-only Qwen2.5 7B).
    ("qwen2.5-vl 7b 4bit", {"model": "qwen2.5-vl-7b", "precision": "int4"}),
    ("Qwen/Qwen2.5-VL-7B-Instruct 8k", {"model": "qwen2.5-vl-7b", "context": 8192}),
    # The other sizes and families, each its own entry ("qwen2.5-vl 72b" had been refused as a contradiction,
    # "qwen 2.5 vl 72b" Qwen2.5 72B, "llama 3.2 11b vision" a scaled Llama 3.1 8B).
    ("qwen2.5-vl 72b", {"model": "qwen2.5-vl-72b"}),
    ("qwen 2.5 vl 72b 4bit", {"model": "qwen2.5-vl-72b", "precision": "int4"}),
    ("Qwen/Qwen2.5-VL-72B-Instruct", {"model": "qwen2.5-vl-72b"}),
    ("qwen2.5 vl 3b", {"model": "qwen2.5-vl-3b"}),
    ("qwen2.5-vl 32b 16k", {"model": "qwen2.5-vl-32b", "context": 16384}),
    ("llama 3.2 11b vision 10 usuários", {"model": "llama-3.2-11b-vision", "users": 10}),
    ("llama-3.2-90b-vision-instruct fp8", {"model": "llama-3.2-90b-vision", "precision": "fp8"}),
    ("pixtral 12b", {"model": "pixtral-12b"}),
    ("llava 1.5 7b", {"model": "llava-1.5-7b"}),
    # Images in each conversation, their count and size (sizing/image_query.py); "imagens" had been read as
    # Google's Imagen, an image-generation model left out.
    (
        "qwen2.5-vl 7b com 20 usuários mandando 3 imagens cada",
        {"model": "qwen2.5-vl-7b", "users": 20, "images": 3},
    ),
    (
        "pixtral 12b with 4 images of 1024x1024 per conversation",
        {"model": "pixtral-12b", "images": 4, "image_size": "1024x1024"},
    ),
    ("gemma 3 27b 10 usuários com imagens", {"model": "gemma-3-27b", "users": 10, "with_images": True}),
    (
        "qwen2.5-vl 72b, 2 fotos de celular por usuário",
        {"model": "qwen2.5-vl-72b", "images": 2, "image_size": "phone"},
    ),
    (
        "llama 3.2 11b vision imagens full hd 8k",
        {"model": "llama-3.2-11b-vision", "with_images": True, "image_size": "full_hd", "context": 8192},
    ),
    ("internvl2.5 78b", {"model": "internvl2.5-78b"}),
    # Hundreds in the feminine and above 500 ("quinhentas" had been left unread), and "giga" for GB.
    ("quinhentas pessoas no 8b", {"model": "llama-3.1-8b", "users": 500}),
    ("setecentos e cinquenta usuarios no 8b", {"model": "llama-3.1-8b", "users": 750}),
    ("llama 70b numa placa de 80 giga", {"model": "llama-3.1-70b", "gpu": "a100-80gb-sxm"}),
    # A bare number with no unit and no other meaning is the context.
    ("70b 4bit 8192", {"model": "llama-3.1-70b", "precision": "int4", "context": 8192}),
    # ---------------------------------------------------------------- shorthand: KV cache precision
    (
        "70b int4 kv8 32k 10u",
        {"model": "llama-3.1-70b", "precision": "int4", "kv_precision": "fp8", "context": 32768, "users": 10},
    ),
    # The first "fp8" is the weights', the one after "kv" the cache's.
    (
        "70b fp8 kv fp8 128k 4 users",
        {"model": "llama-3.1-70b", "precision": "fp8", "kv_precision": "fp8", "context": 131072, "users": 4},
    ),
    (
        "8b bf16 kv=fp8 ctx=32k users=64",
        {"model": "llama-3.1-8b", "precision": "bf16", "kv_precision": "fp8", "context": 32768, "users": 64},
    ),
    (
        "70b 4bit kv16 8k",
        {"model": "llama-3.1-70b", "precision": "int4", "kv_precision": "bf16", "context": 8192},
    ),
    # llama.cpp's cache types are the cache's: "kv cache q8" had made the weights Q8_0 (half the memory of the
    # 16-bit weights asked for by default).
    ("llama 70b kv cache q8", {"model": "llama-3.1-70b", "kv_precision": "fp8"}),
    (
        "qwen 32b q4_k_m com kv cache q8_0",
        {"model": "qwen2.5-32b", "precision": "q4_k_m", "kv_precision": "fp8"},
    ),
    ("70b awq fp8 kv cache", {"model": "llama-3.1-70b", "precision": "int4", "kv_precision": "fp8"}),
    # ---------------------------------------------------------------- shorthand: GPUs
    ("2xa100 70b 4bit", {"model": "llama-3.1-70b", "precision": "int4", "gpu": "a100-80gb-sxm", "gpus": 2}),
    (
        "70b 4bit 2x l40s 16k 8 users",
        {
            "model": "llama-3.1-70b",
            "precision": "int4",
            "gpu": "l40s",
            "gpus": 2,
            "context": 16384,
            "users": 8,
        },
    ),
    ("70b 8 gpus fp8", {"model": "llama-3.1-70b", "precision": "fp8", "gpus": 8}),
    (
        "8b 16bit 16k 20 users on l40s",
        {"model": "llama-3.1-8b", "precision": "bf16", "context": 16384, "users": 20, "gpu": "l40s"},
    ),
    (
        "405b fp8 128k 8x h200",
        {"model": "llama-3.1-405b", "precision": "fp8", "context": 131072, "gpu": "h200-sxm", "gpus": 8},
    ),
    (
        "8b 4bit 8k 10u a100-40gb",
        {"model": "llama-3.1-8b", "precision": "int4", "context": 8192, "users": 10, "gpu": "a100-40gb-sxm"},
    ),
    ("70b 4bit 141gb", {"model": "llama-3.1-70b", "precision": "int4", "gpu": "h200-sxm"}),
    ("70b 4bit 48gb", {"model": "llama-3.1-70b", "precision": "int4", "gpu": "l40s"}),
    # Judgement: L4 is not in offering.toml, so no 24 GB class is offered; the brief maps "24gb" to the
    # catalogue's 24 GB GPU (gpus.toml), L4.
    ("8b 4bit 24gb", {"model": "llama-3.1-8b", "precision": "int4", "gpu": "gpu-24gb"}),
    ("70b 4bit l40", {"model": "llama-3.1-70b", "precision": "int4", "gpu": "l40"}),
    # "6000" belongs to the GPU name, not a context.
    ("8b fp8 rtx 6000 ada", {"model": "llama-3.1-8b", "precision": "fp8", "gpu": "rtx-6000-ada"}),
    # ---------------------------------------------------------------- shorthand: named models
    ("qwen 2.5 32b 4bit 16k", {"model": "qwen2.5-32b", "precision": "int4", "context": 16384}),
    (
        "qwen2.5-32b fp8 users=6 ctx=16k",
        {"model": "qwen2.5-32b", "precision": "fp8", "users": 6, "context": 16384},
    ),
    ("mixtral q4_k_m 8k", {"model": "mixtral-8x7b", "precision": "q4_k_m", "context": 8192}),
    (
        "deepseek-v3 fp8 8xh200 32k",
        {"model": "deepseek-v3", "precision": "fp8", "gpu": "h200-sxm", "gpus": 8, "context": 32768},
    ),
    (
        "gemma-2-27b bf16 8k 3 users",
        {"model": "gemma-2-27b", "precision": "bf16", "context": 8192, "users": 3},
    ),
    ("gpt-oss-120b 64k 10 users", {"model": "gpt-oss-120b", "context": 65536, "users": 10}),
    ("mistral small fp8 32k", {"model": "mistral-small-24b", "precision": "fp8", "context": 32768}),
    # ---------------------------------------------------------------- shorthand: typos close enough to fix
    # the version after a misspelt name is part of it, as with the name spelt right: Llama 3, not 3.1
    ("lama 3 70b 4bit", {"model": "llama-3-70b", "precision": "int4"}),
    ("mixtrl 4bit 8k", {"model": "mixtral-8x7b", "precision": "int4", "context": 8192}),
    # the version typed after a misspelt name is part of it: it had been "Não entendi: 3.3", sized as 3.1
    ("lama 3.3 70b 10 usuarios", {"model": "llama-3.3-70b", "users": 10}),
    ("qwen 2.5 32 b fp8", {"model": "qwen2.5-32b", "precision": "fp8"}),
    # ---------------------------------------------------------------- shorthand: stages and training
    (
        "inference 8b fp8 20 concurrent",
        {"stage": "inference", "model": "llama-3.1-8b", "precision": "fp8", "users": 20},
    ),
    (
        "serve 70b 4bit 100 users 4k",
        {"stage": "inference", "model": "llama-3.1-70b", "precision": "int4", "users": 100, "context": 4096},
    ),
    ("8b qlora seq 4096 batch 4", {"model": "llama-3.1-8b", "stage": "qlora", "seq_len": 4096, "batch": 4}),
    ("8b qlora 4k seq, batch 8", {"model": "llama-3.1-8b", "stage": "qlora", "seq_len": 4096, "batch": 8}),
    ("8b qlora 2048 sequence length", {"model": "llama-3.1-8b", "stage": "qlora", "seq_len": 2048}),
    ("8b lora 4k seq len", {"model": "llama-3.1-8b", "stage": "lora", "seq_len": 4096}),
    (
        "70b full zero3 8xh100",
        {"model": "llama-3.1-70b", "stage": "full", "zero": 3, "gpu": "h100-sxm", "gpus": 8},
    ),
    ("pretrain 7b 1T tokens", {"stage": "pretrain", "model": "mistral-7b-v0.3", "tokens": 10**12}),
    # Continued pre-training in Portuguese ("continuado" had been left not understood).
    (
        "pré-treino continuado do llama 3.1 8b com 20B tokens",
        {"stage": "pretrain", "model": "llama-3.1-8b", "tokens": 20 * 10**9},
    ),
    (
        "treino continuado do qwen2.5 7b com 5B tokens",
        {"stage": "pretrain", "model": "qwen2.5-7b", "tokens": 5 * 10**9},
    ),
    # A pre-training cluster counted in hundreds (512 had been read as a 512-token context).
    (
        "pretraining 70b on 2T tokens with 512 H100s",
        {"model": "llama-3.1-70b", "stage": "pretrain", "tokens": 2 * 10**12, "gpu": "h100-sxm", "gpus": 512},
    ),
    (
        "pretrain 70b 2T tokens em 128 h100",
        {"model": "llama-3.1-70b", "stage": "pretrain", "tokens": 2 * 10**12, "gpu": "h100-sxm", "gpus": 128},
    ),
    ("llama 70b contexto de 4096 h100", {"model": "llama-3.1-70b", "context": 4096, "gpu": "h100-sxm"}),
    ("30b-a3b 2048 a100", {"model": "qwen3-30b-a3b", "context": 2048, "gpu": "a100-80gb-sxm"}),  # shorthand
    (
        "pretrain 70b 1T tokens h100 x256",
        {"model": "llama-3.1-70b", "stage": "pretrain", "tokens": 10**12, "gpu": "h100-sxm", "gpus": 256},
    ),
    # A preference tuning's pairs are its examples; GPUs in pairs stay GPUs.
    (
        "DPO no qwen2.5 7b com 10 mil pares",
        {"model": "qwen2.5-7b", "stage": "full", "method": "dpo", "examples": 10_000},
    ),
    (
        "dpo llama 8b em 2 pares de A100",
        {"model": "llama-3.1-8b", "stage": "full", "method": "dpo", "gpu": "a100-80gb-sxm", "gpus": 4},
    ),
    # In a training question the documents counted are its examples, with a word between ("20k annotated
    # contracts" had been a 20k context, and a contradiction with "6k tokens each").
    (
        "fine-tune Qwen2.5 32B with QLoRA on about 20k annotated contracts (avg 6k tokens each)",
        {"model": "qwen2.5-32b", "stage": "qlora", "examples": 20_000, "context": 6000},
    ),
    (
        "qlora qwen 7b 10 mil contratos anotados",
        {"model": "qwen2.5-7b", "stage": "qlora", "examples": 10_000},
    ),
    (
        # no method said, 5 thousand examples: LoRA (sizing/query.py, _adapter_for_data)
        "fine-tune llama 8b com 5 mil exemplos e 10 documentos",
        {"model": "llama-3.1-8b", "stage": "lora", "examples": 5000},
    ),
    # A speed asked about, with no target: every answer gives it ("segundo" had been left unread).
    ("quantos tokens por segundo o qwen3 32b faz numa h100?", {"model": "qwen3-32b", "gpu": "h100-sxm"}),
    # A support rep's message, pasted whole: nothing of it left unread.
    (
        "Oi pessoal, cliente da área de saúde quer rodar um Llama 3.1 70B internamente para uns 150 médicos, com "
        "contexto grande (uns 32k) porque vão colar prontuários. Eles querem saber quantas GPUs e quanto custa.",
        {"model": "llama-3.1-70b", "context": 32768, "stage": "inference"},
    ),
    # A dozen, half a dozen, in words.
    ("llama 3.1 8b pra meia dúzia de usuários", {"model": "llama-3.1-8b", "users": 6}),
    ("llama 3.1 8b for a dozen users", {"model": "llama-3.1-8b", "users": 12}),
    # Millions of tokens before the word context ("milhão" had been left unread, and no context read).
    ("llama 4 scout com 1 milhão de tokens de contexto", {"model": "llama-4-scout", "context": 10**6}),
    ("llama 4 scout with a 2 million-token context window", {"model": "llama-4-scout", "context": 2 * 10**6}),
    # Users as a form's field, the count after the key ("usuários simultâneos: 20" had left "20" unread).
    ("llama 3.1 8b usuários simultâneos: 20", {"model": "llama-3.1-8b", "users": 20}),
    (
        "llama 3.1 8b usuarios simultaneos 20, contexto 8k",
        {"model": "llama-3.1-8b", "users": 20, "context": 8192},
    ),
    (
        "utilizadores em simultâneo 20, modelo llama 3.1 70b, 4 bits",
        {"model": "llama-3.1-70b", "users": 20, "precision": "int4"},
    ),
    ("llama 3.1 8b concurrent users 50", {"model": "llama-3.1-8b", "users": 50}),
    ("llama 3.1 8b users 50 and 16k context", {"model": "llama-3.1-8b", "users": 50, "context": 16384}),
    # ---------------------------------------------------------------- deadlines and tensor parallel
    (
        "pretrain 7b from scratch 1T tokens in 30 days",
        {"stage": "pretrain", "model": "mistral-7b-v0.3", "tokens": 10**12, "days": 30},
    ),
    (
        "treinar um 3b do zero com 500B tokens em duas semanas",
        {"stage": "pretrain", "model": "llama-3.2-3b", "tokens": 5 * 10**11, "days": 14},
    ),
    (
        "fine-tuning completo do 8b com 10B tokens, prazo de 1 mês",
        {"stage": "full", "model": "llama-3.1-8b", "tokens": 10**10, "days": 30},
    ),
    (
        "70b pretrain 2T tokens within 3 months",
        {"stage": "pretrain", "model": "llama-3.1-70b", "tokens": 2 * 10**12, "days": 90},
    ),
    (
        "8b full fine-tune 5B tokens for a week",
        {"stage": "full", "model": "llama-3.1-8b", "tokens": 5 * 10**9, "days": 7},
    ),
    (
        "llama 405b int4 tp8 h200",
        {"model": "llama-3.1-405b", "precision": "int4", "gpu": "h200-sxm", "gpus": 8},
    ),
    ("70b fp8 tensor parallel 4", {"model": "llama-3.1-70b", "precision": "fp8", "gpus": 4}),
    # ---------------------------------------------------------------- links, launch commands, teams
    (
        "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct em bf16 com 16k",
        {"model": "llama-3.1-8b", "precision": "bf16", "context": 16384},
    ),
    (
        "<https://huggingface.co/Qwen/Qwen2.5-32B-Instruct|Qwen2.5-32B> fp8 10 users",
        {"model": "qwen2.5-32b", "precision": "fp8", "users": 10},
    ),
    (
        "vllm serve llama3.1 70b fp8 --max-model-len 32768 --max-num-seqs 64 --kv-cache-dtype fp8",
        {
            "model": "llama-3.1-70b",
            "stage": "inference",
            "precision": "fp8",
            "context": 32768,
            "users": 64,
            "kv_precision": "fp8",
        },
    ),
    (
        "oi! qual máquina vocês recomendam pra rodar o qwen 2.5 coder 32b pra um time de 15 devs?",
        # developers served a coding model: a coding assistant (traffic.toml [code])
        {"model": "qwen2.5-coder-32b", "stage": "inference", "users": 15, "task": "code"},
    ),
    (
        "Can we run Llama 4 Scout on one H100?",
        {"model": "llama-4-scout", "stage": "inference", "gpu": "h100-sxm", "gpus": 1},
    ),
    (
        "R1 distill qwen 32b q4 32k",
        {"model": "deepseek-r1-distill-qwen-32b", "precision": "int4", "context": 32768},
    ),
    # ---------------------------------------------------------------- datasets: examples and epochs
    (
        "quero fazer fine tuning do llama 3 8b com lora em 50 mil exemplos",
        {"model": "llama-3-8b", "stage": "lora", "examples": 50_000},
    ),
    (
        "qwen 7b qlora 10k samples 3 epochs",
        {"model": "qwen2.5-7b", "stage": "qlora", "examples": 10_000, "epochs": 3},
    ),
    (
        "8b full fine-tune 20M tokens, 2 épocas",
        {"model": "llama-3.1-8b", "stage": "full", "tokens": 20 * 10**6, "epochs": 2},
    ),
    (
        "lora no mistral 7b, 1,5 milhão de linhas, epochs=1",
        {"model": "mistral-7b-v0.3", "stage": "lora", "examples": 1_500_000, "epochs": 1},
    ),
    # A RAG corpus is no training set, and "conversas" are users.
    ("70b rag sobre 10 mil documentos 20 conversas", {"model": "llama-3.1-70b", "task": "rag", "users": 20}),
    ("70b full fine-tune tp=8 zero3", {"model": "llama-3.1-70b", "stage": "full", "tp": 8, "zero": 3}),
    (
        "8b lora bf16 seq=4k bs=8",
        {"model": "llama-3.1-8b", "stage": "lora", "precision": "bf16", "seq_len": 4096, "batch": 8},
    ),
    (
        "70b qlora nf4 seq 2048 batch 1 1x h100",
        {
            "model": "llama-3.1-70b",
            "stage": "qlora",
            "precision": "nf4",
            "seq_len": 2048,
            "batch": 1,
            "gpu": "h100-sxm",
            "gpus": 1,
        },
    ),
    (
        "8b full fsdp 4xa100 seq 8192 batch 2",
        {
            "model": "llama-3.1-8b",
            "stage": "full",
            "zero": 3,
            "gpu": "a100-80gb-sxm",
            "gpus": 4,
            "seq_len": 8192,
            "batch": 2,
        },
    ),
    (
        "70b finetune zero-3 8x h200",
        {"model": "llama-3.1-70b", "stage": "full", "zero": 3, "gpu": "h200-sxm", "gpus": 8},
    ),
    ("8b fine-tune zero 2 batch 16", {"model": "llama-3.1-8b", "stage": "full", "zero": 2, "batch": 16}),
    # "1.5b" is the model, "500B" (followed by "tokens") the training tokens.
    (
        "1.5b pretrain 500B tokens seq 4096 8xh100",
        {
            "model": "qwen2.5-1.5b",
            "stage": "pretrain",
            "tokens": 5 * 10**11,
            "seq_len": 4096,
            "gpu": "h100-sxm",
            "gpus": 8,
        },
    ),
    (
        "70b train 1.5T tokens 8x b200",
        {"model": "llama-3.1-70b", "stage": "pretrain", "tokens": 15 * 10**11, "gpu": "b200", "gpus": 8},
    ),
    # Training settings that change no memory figure are read with their value, never as a context, a
    # micro-batch or a rank; Hugging Face / DeepSpeed argument names are the keys they are.
    (
        "lora r=128 alpha 256 no llama 70b numa h200",
        {"model": "llama-3.1-70b", "stage": "lora", "lora_rank": 128, "gpu": "h200-sxm"},
    ),
    (
        "lora 8b lr 2e-4 global batch size 1024 grad accum 16",
        {"model": "llama-3.1-8b", "stage": "lora", "global_batch": 1024, "grad_accum": 16},
    ),
    (
        "lora 8b gradient_accumulation_steps=8 per_device_train_batch_size=4 max_seq_length=4096",
        {"model": "llama-3.1-8b", "stage": "lora", "batch": 4, "seq_len": 4096, "grad_accum": 8},
    ),
    ("qlora 8b lora_alpha=32 lora_dropout=0.05", {"model": "llama-3.1-8b", "stage": "qlora"}),
    (
        "lora no qwen 7b, taxa de aprendizado 1e-4, lote global 256, lote 4",
        {"model": "qwen2.5-7b", "stage": "lora", "batch": 4, "global_batch": 256},
    ),
    # Servers of several GPUs: the count is every GPU of every server.
    (
        "full fine tune llama 70b on 2 nodes with 8 h100 each",
        {"model": "llama-3.1-70b", "stage": "full", "gpu": "h100-sxm", "gpus": 16},
    ),
    (
        "full fine tune qwen 2.5 72b with deepspeed zero-3 on 4 nodes of 8 h100",
        {"model": "qwen2.5-72b", "stage": "full", "gpu": "h100-sxm", "gpus": 32, "zero": 3},
    ),
    (
        "ajuste fino completo de 70b em 2 servidores com 8 h200 cada",
        {"model": "llama-3.1-70b", "stage": "full", "gpu": "h200-sxm", "gpus": 16},
    ),
    (
        "pretrain 8b 1T tokens 8x h100 on 4 servers",
        {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 10**12, "gpu": "h100-sxm", "gpus": 32},
    ),
    ("full ft 70b 2x8 h100", {"model": "llama-3.1-70b", "stage": "full", "gpu": "h100-sxm", "gpus": 16}),
    # DDP keeps the whole model on every GPU: ZeRO stage 0, never the default sharding.
    (
        "full ft 8b ddp 4x h100",
        {"model": "llama-3.1-8b", "stage": "full", "zero": 0, "gpu": "h100-sxm", "gpus": 4},
    ),
    (
        "full fine-tune qwen2.5 7b with distributed data parallel on 8 a100",
        {"model": "qwen2.5-7b", "stage": "full", "zero": 0, "gpu": "a100-80gb-sxm", "gpus": 8},
    ),
    (
        "full fine-tune 8b with adafactor",
        {"model": "llama-3.1-8b", "stage": "full", "optimizer": "adafactor"},
    ),
    (
        "treino do zero de um 3b com otimizador lion",
        {"model": "llama-3.2-3b", "stage": "pretrain", "optimizer": "lion"},
    ),
    # Pipeline stages of a training run, as Megatron-LM / DeepSpeed flags and in words.
    ("tp=8 pp=2 full fine tune llama 70b", {"model": "llama-3.1-70b", "stage": "full", "tp": 8, "pp": 2}),
    (
        "pipeline parallel 4 full finetune 70b on 32 h100",
        {"model": "llama-3.1-70b", "stage": "full", "pp": 4, "gpu": "h100-sxm", "gpus": 32},
    ),
    ("lora 70b com 4 estágios de pipeline", {"model": "llama-3.1-70b", "stage": "lora", "pp": 4}),
    # What the figures already assume (FlashAttention, packing) is read, not reported; "4k sequences",
    # "a batch of 8", "bsz 2" and "grad ckpt" are the settings they name; "350M model" is a size.
    (
        "full ft 8b with flash attention, packing, seq 8192, bsz 2, grad ckpt on, on 1 h200",
        {
            "model": "llama-3.1-8b",
            "stage": "full",
            "seq_len": 8192,
            "batch": 2,
            "checkpointing": True,
            "gpu": "h200-sxm",
            "gpus": 1,
        },
    ),
    (
        "how many H100s to fully fine-tune Qwen2.5-32B with 4k sequences and a batch of 8 per GPU?",
        {"model": "qwen2.5-32b", "stage": "full", "seq_len": 4096, "batch": 8, "gpu": "h100-sxm"},
    ),
    (
        "pretrain a 350M model on 10B tokens",
        {"model": "qwen2.5-0.5b~15L", "stage": "pretrain", "tokens": 10**10},
    ),
    # Preference tuning is a fine-tune (of every weight unless adapters are said), with its method.
    ("DPO no llama 3 8b", {"model": "llama-3-8b", "stage": "full", "method": "dpo"}),
    (
        "dpo llama 3.1 8b with lora on an h100",
        {"model": "llama-3.1-8b", "stage": "lora", "method": "dpo", "gpu": "h100-sxm"},
    ),
    ("orpo qwen 7b seq 4096", {"model": "qwen2.5-7b", "stage": "full", "method": "orpo", "seq_len": 4096}),
    # RL fine-tunes: GRPO and PPO (RLHF), by name or as "reinforcement learning" (GRPO), with their settings.
    (
        "grpo qwen2.5 7b numa h100",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo", "gpu": "h100-sxm"},
    ),
    ("GRPO com LoRA no qwen 7b", {"model": "qwen2.5-7b", "stage": "lora", "method": "grpo"}),
    ("RLHF com PPO no llama 8b", {"model": "llama-3.1-8b", "stage": "full", "method": "ppo"}),
    ("rl com ppo no llama 8b", {"model": "llama-3.1-8b", "stage": "full", "method": "ppo"}),
    ("RLHF no llama 8b com qlora", {"model": "llama-3.1-8b", "stage": "qlora", "method": "ppo"}),
    (
        "reinforcement learning fine-tuning of llama 8b on an h100",
        {"model": "llama-3.1-8b", "stage": "full", "method": "grpo", "gpu": "h100-sxm"},
    ),
    ("aprendizado por reforço no qwen 7b", {"model": "qwen2.5-7b", "stage": "full", "method": "grpo"}),
    ("aprendizagem por reforço no qwen 7b", {"model": "qwen2.5-7b", "stage": "full", "method": "grpo"}),
    (
        "treino estilo deepseek r1 (grpo) no qwen 7b",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo"},
    ),
    (
        "grpo com lora no qwen 7b, 8 gerações por prompt",
        {"model": "qwen2.5-7b", "stage": "lora", "method": "grpo", "rl_generations": 8},
    ),
    (
        "grpo qwen 7b num_generations=16 max_completion_length=1024",
        {
            "model": "qwen2.5-7b",
            "stage": "full",
            "method": "grpo",
            "rl_generations": 16,
            "output_tokens": 1024,
        },
    ),
    # The completion length said number first, or in TRL's words: the generation's length, not a context.
    (
        "grpo qwen 7b 1024 tokens de completion",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo", "output_tokens": 1024},
    ),
    (
        "grpo qwen 7b com 512 completion tokens",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo", "output_tokens": 512},
    ),
    (
        "grpo qwen 7b max_new_tokens=768",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo", "output_tokens": 768},
    ),
    (
        "grpo on qwen 7b, 16 generations per prompt, completions of 2k tokens",
        {
            "model": "qwen2.5-7b",
            "stage": "full",
            "method": "grpo",
            "rl_generations": 16,
            "output_tokens": 2048,
        },
    ),
    (
        "grpo llama 8b com lora, beta 0.04, vllm server",
        {
            "model": "llama-3.1-8b",
            "stage": "lora",
            "method": "grpo",
            "rl_reference": True,
            "rl_generation": "server",
        },
    ),
    (
        "grpo qwen 7b sem vllm beta=0",
        {
            "model": "qwen2.5-7b",
            "stage": "full",
            "method": "grpo",
            "rl_generation": "generate",
            "rl_reference": False,
        },
    ),
    (
        "GRPO no qwen 7b, modo servidor",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo", "rl_generation": "server"},
    ),
    # Copies of the model required for availability (a serving requirement, read in every language).
    (
        "llama 3.1 8b 50 usuarios com 8 réplicas para alta disponibilidade",
        {"model": "llama-3.1-8b", "users": 50, "replicas": 8, "high_availability": True},
    ),
    (
        "llama 70b 2x h100 com 3 réplicas",
        {"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpus": 2, "replicas": 3},
    ),
    (
        "70b fp8 at least 2 replicas in two zones",
        {"model": "llama-3.1-70b", "precision": "fp8", "replicas": 2, "zones": 2},
    ),
    (
        "qwen 32b com redundância N+1",
        {"model": "qwen2.5-32b", "high_availability": True, "spare_replicas": 1},
    ),
    (
        "llama 8b 10 utilizadores em simultâneo, alta disponibilidade",
        {"model": "llama-3.1-8b", "users": 10, "high_availability": True},
    ),
    # RLOO (REINFORCE Leave-One-Out) by its names, with its k and where its rewards come from; "RLVR" beside it
    # is its reward (functions), not a second method.
    (
        "RLOO no qwen 7b numa h100",
        {"model": "qwen2.5-7b", "stage": "full", "method": "rloo", "gpu": "h100-sxm"},
    ),
    ("rloo com lora no llama 8b", {"model": "llama-3.1-8b", "stage": "lora", "method": "rloo"}),
    (
        "RLOOTrainer qwen 7b rloo_k=4",
        {"model": "qwen2.5-7b", "stage": "full", "method": "rloo", "rl_generations": 4},
    ),
    (
        "reinforce leave-one-out on qwen 7b, 4 samples per prompt, reward model",
        {
            "model": "qwen2.5-7b",
            "stage": "full",
            "method": "rloo",
            "rl_generations": 4,
            "rl_reward_model": True,
        },
    ),
    (
        "rloo com qlora no qwen 7b com funções de recompensa",
        {"model": "qwen2.5-7b", "stage": "qlora", "method": "rloo", "rl_reward_model": False},
    ),
    (
        "rloo qwen 7b com rlvr, sem kl",
        {
            "model": "qwen2.5-7b",
            "stage": "full",
            "method": "rloo",
            "rl_reward_model": False,
            "rl_reference": False,
        },
    ),
    (
        "grpo qwen 7b com modelo de recompensa",
        {"model": "qwen2.5-7b", "stage": "full", "method": "grpo", "rl_reward_model": True},
    ),
    # DeepSpeed's own word for the ZeRO stage, and a deadline in hours.
    (
        "full fine-tune qwen 14b with deepspeed stage 2 on 4 gpus",
        {"model": "qwen2.5-14b", "stage": "full", "zero": 2, "gpus": 4},
    ),
    (
        "full fine-tune qwen 14b zero stage 1 8 gpus",
        {"model": "qwen2.5-14b", "stage": "full", "zero": 1, "gpus": 8},
    ),
    (
        "pretrain 8b 1T tokens in 48 hours",
        {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 10**12, "days": 2},
    ),
    (
        "quanto tempo leva o fine-tuning do llama 8b com lora em 1 bilhão de tokens numa l40s?",
        {"model": "llama-3.1-8b", "stage": "lora", "tokens": 10**9, "gpu": "l40s"},
    ),
    # The weights offloaded too (ZeRO-3 offload_param, FSDP's CPU offload, ZeRO-Infinity).
    (
        "full ft llama 70b zero3 offload params and optimizer to cpu on 8 h100",
        {
            "model": "llama-3.1-70b",
            "stage": "full",
            "zero": 3,
            "gpu": "h100-sxm",
            "gpus": 8,
            "offload_params": True,
        },
    ),
    (
        "qlora 70b em 2 rtx 4090 com fsdp e offload para cpu",
        {
            "model": "llama-3.1-70b",
            "stage": "qlora",
            "zero": 3,
            "gpu": "rtx-4090",
            "gpus": 2,
            "cpu_offload": True,
            "offload_params": True,
        },
    ),
    # European Portuguese: "de raiz" is from scratch, "afinação completa" a full fine-tune.
    (
        "Gostava de treinar de raiz um modelo de 3 mil milhões de parâmetros com 20 mil milhões de tokens",
        {"model": "llama-3.2-3b", "stage": "pretrain", "tokens": 2 * 10**10},
    ),
    (
        "afinação completa do qwen 2.5 7b utilizando deepspeed zero 2 em 2 a100",
        {"model": "qwen2.5-7b", "stage": "full", "zero": 2, "gpu": "a100-80gb-sxm", "gpus": 2},
    ),
    # Counts as typed: grouped thousands ("50.000", "2,000,000,000,000") and scientific notation; from ten
    # million tokens up a plain number of tokens is training data, never a context.
    ("pretrain 8b 1e12 tokens", {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 10**12}),
    (
        "pretrain 8b 2,000,000,000,000 tokens",
        {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 2 * 10**12},
    ),
    (
        "pretrain 8b 1.000.000.000.000 tokens",
        {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 10**12},
    ),
    ("lora 8b 50.000 exemplos", {"model": "llama-3.1-8b", "stage": "lora", "examples": 50_000}),
    ("lora 8b 50,000 examples", {"model": "llama-3.1-8b", "stage": "lora", "examples": 50_000}),
    # Whole servers of the GPU named: as many GPUs as one server of it is rented with.
    (
        "full fine-tune 70b on 2 nodes of h100",
        {"model": "llama-3.1-70b", "stage": "full", "gpu": "h100-sxm", "gpus": 16},
    ),
    (
        "lora 8b numa l40s em 2 servidores",
        {"model": "llama-3.1-8b", "stage": "lora", "gpu": "l40s", "gpus": 16},
    ),
    # "completo" / "contínuo" after a training word say which training.
    (
        "fine-tuning completo do qwen2.5 7b em 2 a100 com zero2",
        {"model": "qwen2.5-7b", "stage": "full", "gpu": "a100-80gb-sxm", "gpus": 2, "zero": 2},
    ),
    (
        "pré-treino contínuo dum 8b com 5 mil milhões de tokens em 2 semanas",
        {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 5 * 10**9, "days": 14},
    ),
    (
        "continual pretraining of llama 3.1 8b on 50B tokens",
        {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 5 * 10**10},
    ),
    # ---------------------------------------------------------------- shorthand: task, intent, language
    (
        "8b 4bit rag poc",
        {"model": "llama-3.1-8b", "precision": "int4", "task": "rag", "intent": "evaluation"},
    ),
    (
        "70b fp8 32k 50 users chat prod",
        {
            "model": "llama-3.1-70b",
            "precision": "fp8",
            "context": 32768,
            "users": 50,
            "task": "chat",
            "intent": "production",
        },
    ),
    ("32b bf16 code 8k", {"model": "qwen3-32b", "precision": "bf16", "task": "code", "context": 8192}),
    (
        "8b q4 users=10 ctx=8k reasoning",
        {"model": "llama-3.1-8b", "precision": "int4", "users": 10, "context": 8192, "task": "reasoning"},
    ),
    (
        "8b 4bit extraction 10 users en",
        {"model": "llama-3.1-8b", "precision": "int4", "task": "extraction", "users": 10, "lang": "en"},
    ),
    (
        "70b 4bit 32k 10users pt",
        {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10, "lang": "pt-BR"},
    ),
    ("8b fp8 teste", {"model": "llama-3.1-8b", "precision": "fp8", "intent": "evaluation"}),
    # Exactly 4,000 characters: at the limit, not over it.
    ("70b 4bit" + " " * 3992, {"model": "llama-3.1-70b", "precision": "int4"}),
    # ---------------------------------------------------------------- pt-BR sentences (the first)
    (
        "Quanto de memória precisa um modelo de 70 bilhões em 4 bits com contexto de 32 mil tokens para 10 usuários?",
        {"model": "llama-3.1-70b", "precision": "int4", "context": 32000, "users": 10},
    ),
    (
        "Cabe um Llama 70B numa L40S de 48GB em 4 bits?",
        {"model": "llama-3.1-70b", "gpu": "l40s", "precision": "int4"},
    ),
    (
        "Qual GPU preciso para fazer ajuste fino com LoRA de um modelo de 8B?",
        {"model": "llama-3.1-8b", "stage": "lora"},
    ),
    (
        "quanto de VRAM pra rodar llama 3 70b in 4bit com 8k context",
        {"model": "llama-3-70b", "stage": "inference", "precision": "int4", "context": 8192},
    ),
    (
        "Qual GPU eu preciso pra rodar o Llama 3.1 8B em fp16 com 10 usuários simultâneos?",
        {"model": "llama-3.1-8b", "stage": "inference", "precision": "bf16", "users": 10},
    ),
    (
        "quanto de memoria precisa o qwen 2.5 32b em 8 bits pra 5 usuarios",
        {"model": "qwen2.5-32b", "precision": "fp8", "users": 5},
    ),
    (
        "Preciso servir o Mixtral 8x7B em AWQ para 20 pessoas com contexto de 16k. Qual máquina?",
        {"model": "mixtral-8x7b", "stage": "inference", "precision": "int4", "users": 20, "context": 16384},
    ),
    ("Cabe um modelo de 8B em 16 bits numa L4?", {"model": "llama-3.1-8b", "precision": "bf16", "gpu": "l4"}),
    (
        "Um cliente quer um chatbot de atendimento com Llama 3.3 70B em FP8, 32k de contexto e 50 conversas "
        "simultâneas. Que setup?",
        {"model": "llama-3.3-70b", "precision": "fp8", "context": 32768, "users": 50, "task": "chat"},
    ),
    # "Quantas H100" asks for the count: the GPU is named, the count is not.
    (
        "Quantas H100 preciso para rodar o DeepSeek V3 em FP8?",
        {"model": "deepseek-v3", "stage": "inference", "precision": "fp8", "gpu": "h100-sxm"},
    ),
    (
        "dá pra rodar um 70b em 4 bits em duas L40S com 16k de contexto?",
        {
            "model": "llama-3.1-70b",
            "stage": "inference",
            "precision": "int4",
            "gpu": "l40s",
            "gpus": 2,
            "context": 16384,
        },
    ),
    (
        "Treinamento do zero de um modelo de 3B com 500 bilhões de tokens: quantas GPUs?",
        {"model": "llama-3.2-3b", "stage": "pretrain", "tokens": 5 * 10**11},
    ),
    (
        "Quero fazer QLoRA no Llama 3 70B com seq 4096 e lote 2",
        {"model": "llama-3-70b", "stage": "qlora", "seq_len": 4096, "batch": 2},
    ),
    (
        "ajuste fino completo do Llama 3 8B com zero 2 em 4x A100",
        {"model": "llama-3-8b", "stage": "full", "zero": 2, "gpu": "a100-80gb-sxm", "gpus": 4},
    ),
    (
        "pré-treino de um modelo de 1.5B com 2 trilhões de tokens em 8 GPUs",
        {"model": "qwen2.5-1.5b", "stage": "pretrain", "tokens": 2 * 10**12, "gpus": 8},
    ),
    (
        "Para um RAG interno em produção, o Qwen2.5-32B em 4 bits com 32k de contexto e 20 usuários cabe em "
        "quantas L40S?",
        {
            "model": "qwen2.5-32b",
            "precision": "int4",
            "context": 32768,
            "users": 20,
            "task": "rag",
            "intent": "production",
            "gpu": "l40s",
        },
    ),
    (
        "É só uma POC: gemma-2-27b em bf16, 8k de contexto, 2 usuários",
        {"model": "gemma-2-27b", "precision": "bf16", "context": 8192, "users": 2, "intent": "evaluation"},
    ),
    (
        "Quanto de memória para extração de dados de notas fiscais com um 8B em 4-bit?",
        {"model": "llama-3.1-8b", "precision": "int4", "task": "extraction"},
    ),
    (
        "classificação de tickets com Mistral 7B em int8, 30 usuários",
        {"model": "mistral-7b-v0.3", "precision": "int8", "users": 30, "task": "classification"},
    ),
    (
        "resumo de documentos longos com Llama 3.1 70B, contexto 64k, 4 usuários, fp8",
        {"model": "llama-3.1-70b", "task": "summarization", "context": 65536, "users": 4, "precision": "fp8"},
    ),
    (
        "modelo de raciocínio de 32B em bf16 para 8 usuarios, contexto de 32 mil tokens",
        {"model": "qwen3-32b", "task": "reasoning", "precision": "bf16", "users": 8, "context": 32000},
    ),
    (
        "assistente de código com 14B em fp8 e janela de 16k",
        {"model": "qwen3-14b", "task": "code", "precision": "fp8", "context": 16384},
    ),
    (
        "70 bilhões de parâmetros em 4 bits com KV cache em fp8, 128k de contexto",
        {"model": "llama-3.1-70b", "precision": "int4", "kv_precision": "fp8", "context": 131072},
    ),
    (
        "Um 70B em 4 bits atende dez usuários com contexto de 8k?",
        {"model": "llama-3.1-70b", "precision": "int4", "users": 10, "context": 8192},
    ),
    (
        "cinco usuários, llama 3 8b, 16 bits, contexto de 8192 tokens",
        {"model": "llama-3-8b", "users": 5, "precision": "bf16", "context": 8192},
    ),
    (
        "quanto de vram pro gpt-oss-120b com 64k de contexto e 10 usuarios numa h200",
        {"model": "gpt-oss-120b", "context": 65536, "users": 10, "gpu": "h200-sxm"},
    ),
    (
        "Cabe o Qwen3 30B-A3B numa L40S de 48 GB em fp8?",
        {"model": "qwen3-30b-a3b", "gpu": "l40s", "precision": "fp8"},
    ),
    (
        "70b em 4 bits numa GPU de 48GB, 8 usuários, contexto de 8k",
        {"model": "llama-3.1-70b", "precision": "int4", "gpu": "l40s", "users": 8, "context": 8192},
    ),
    (
        "Quanta memória pra servir o Mistral Small com 16 usuários em produção?",
        {"model": "mistral-small-24b", "stage": "inference", "users": 16, "intent": "production"},
    ),
    (
        "responda em inglês: 70b 4bit 32k 10 usuários",
        {"lang": "en", "model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 10},
    ),
    (
        "qual gpu pra rodar o llama 3 8b com kv cache em fp8 e 128k de contexto",
        {"model": "llama-3-8b", "stage": "inference", "kv_precision": "fp8", "context": 131072},
    ),
    (
        "quanto de memoria pra um 8x7b em q4_k_m com 32k de contexto pra 3 usuarios",
        {"model": "mixtral-8x7b", "precision": "q4_k_m", "context": 32768, "users": 3},
    ),
    # "uma GPU de 80 GB": a GPU of the 80 GB class, no count.
    (
        "Preciso de uma GPU de 80 GB para um 32B em 16 bits?",
        {"model": "qwen3-32b", "precision": "bf16", "gpu": "a100-80gb-sxm"},
    ),
    (
        "Quero treinar um 7B do zero com 1T tokens em 8xh100",
        {"model": "mistral-7b-v0.3", "stage": "pretrain", "tokens": 10**12, "gpu": "h100-sxm", "gpus": 8},
    ),
    (
        "LoRA no Qwen 2.5 32B com batch 4 e seq 2048 numa H200",
        {"model": "qwen2.5-32b", "stage": "lora", "batch": 4, "seq_len": 2048, "gpu": "h200-sxm"},
    ),
    (
        "deepseek v3 em fp8 com 8 H200, 16 conversas de 32k",
        {
            "model": "deepseek-v3",
            "precision": "fp8",
            "gpu": "h200-sxm",
            "gpus": 8,
            "users": 16,
            "context": 32768,
        },
    ),
    (
        "Quanto de memória pro Llama 3.1 405B em fp8 com 8k de contexto?",
        {"model": "llama-3.1-405b", "precision": "fp8", "context": 8192},
    ),
    (
        "dá pra rodar um 8B em q8_0 com 4 usuários e 8k de contexto numa RTX 6000 Ada?",
        {
            "model": "llama-3.1-8b",
            "stage": "inference",
            "precision": "q8_0",
            "users": 4,
            "context": 8192,
            "gpu": "rtx-6000-ada",
        },
    ),
    (
        "Servir Phi-4 em bf16 com 16k de contexto, quantas GPUs?",
        {"model": "phi-4", "stage": "inference", "precision": "bf16", "context": 16384},
    ),
    (
        "qwen 2.5 32 b em fp8 com 20 usuarios, contexto 16k",
        {"model": "qwen2.5-32b", "precision": "fp8", "users": 20, "context": 16384},
    ),
    (
        "Qual o consumo de memória do Gemma 2 9B em 4 bits para 30 usuários com 8k?",
        {"model": "gemma-2-9b", "precision": "int4", "users": 30, "context": 8192},
    ),
    (
        "Cliente quer avaliação do Llama 3 70B em awq com 10 usuários",
        {"model": "llama-3-70b", "intent": "evaluation", "precision": "int4", "users": 10},
    ),
    (
        "70B em produção, 4 bits, 200 usuários, contexto de 4 mil tokens",
        {
            "model": "llama-3.1-70b",
            "intent": "production",
            "precision": "int4",
            "users": 200,
            "context": 4000,
        },
    ),
    (
        "Preciso rodar um modelo de 1.5B em fp16 para 500 usuários",
        {"model": "qwen2.5-1.5b", "stage": "inference", "precision": "bf16", "users": 500},
    ),
    (
        "Inferência do Qwen3 32B em FP8 com 32k de contexto e 10 usuários",
        {"model": "qwen3-32b", "stage": "inference", "precision": "fp8", "context": 32768, "users": 10},
    ),
    # "quantos usuarios cabem" asks for the users: none given.
    (
        "Pra inferencia do llama 3 8b em 4bit, quantos usuarios cabem numa L4 com 8k?",
        {"model": "llama-3-8b", "stage": "inference", "precision": "int4", "gpu": "l4", "context": 8192},
    ),
    (
        "treino de um 8b em 8 GPUs com 1T tokens",
        {"model": "llama-3.1-8b", "stage": "pretrain", "gpus": 8, "tokens": 10**12},
    ),
    (
        "QLoRA num modelo de 32B numa L40S com seq 2048, batch 1",
        {"model": "qwen3-32b", "stage": "qlora", "gpu": "l40s", "seq_len": 2048, "batch": 1},
    ),
    (
        "ajuste fino do 8b em bf16 com fsdp em 8 A100",
        {
            "model": "llama-3.1-8b",
            "stage": "full",
            "precision": "bf16",
            "zero": 3,
            "gpu": "a100-80gb-sxm",
            "gpus": 8,
        },
    ),
    (
        "llama 3 70b, 4 bits, 32 mil tokens de contexto, 10 pessoas",
        {"model": "llama-3-70b", "precision": "int4", "context": 32000, "users": 10},
    ),
    (
        "dez usuarios com contexto de 16k num 8b em fp8",
        {"users": 10, "context": 16384, "model": "llama-3.1-8b", "precision": "fp8"},
    ),
    # "8x7b" is the model, "8 usuários" the users, "8 bits" the precision.
    (
        "ctx 32k com 8 usuários no mixtral 8x7b em 8 bits",
        {"context": 32768, "users": 8, "model": "mixtral-8x7b", "precision": "fp8"},
    ),
    (
        "Preciso de uma estimativa para sumarização com um modelo de 70B em 4-bit, 10 usuários",
        {"task": "summarization", "model": "llama-3.1-70b", "precision": "int4", "users": 10},
    ),
    (
        "quanto de memoria o lama 3 70b precisa em fp8",
        {"model": "llama-3-70b", "precision": "fp8"},
    ),
    (
        "Cabe o mixtrl em 4 bits numa A100?",
        {"model": "mixtral-8x7b", "precision": "int4", "gpu": "a100-80gb-sxm"},
    ),
    # ---------------------------------------------------------------- pt-PT sentences
    (
        "De que GPU preciso para correr um modelo 70B em 4-bit?",
        {"model": "llama-3.1-70b", "precision": "int4", "stage": "inference"},
    ),
    (
        "Que placa gráfica preciso para correr o Llama 3 8B com 8 utilizadores?",
        {"model": "llama-3-8b", "stage": "inference", "users": 8},
    ),
    (
        "Preciso de correr o Qwen 2.5 32B com contexto de 16k para 20 utilizadores em simultâneo.",
        {"model": "qwen2.5-32b", "stage": "inference", "context": 16384, "users": 20},
    ),
    (
        "Conseguimos pôr um Mixtral 8x7B numa H100 em 8 bits?",
        {"model": "mixtral-8x7b", "gpu": "h100-sxm", "precision": "fp8"},
    ),
    (
        "Quantas placas gráficas são precisas para servir o DeepSeek V3 em FP8 a 50 utilizadores?",
        {"model": "deepseek-v3", "stage": "inference", "precision": "fp8", "users": 50},
    ),
    (
        "Cabe um modelo de 12B em 16 bits numa placa gráfica de 48 GB?",
        {"model": "mistral-nemo-12b", "precision": "bf16", "gpu": "l40s"},
    ),
    (
        "Para um assistente de atendimento em produção, que memória precisa um 8B em fp8 com 100 utilizadores?",
        {"model": "llama-3.1-8b", "task": "chat", "intent": "production", "precision": "fp8", "users": 100},
    ),
    (
        "Queremos fazer ajuste fino com LoRA do Llama 3.1 70B numa A100 de 80 GB",
        {"model": "llama-3.1-70b", "stage": "lora", "gpu": "a100-80gb-sxm"},
    ),
    (
        "É para teste: dá para correr o gpt-oss-120b numa H100 com 32k de contexto?",
        {
            "model": "gpt-oss-120b",
            "intent": "evaluation",
            "stage": "inference",
            "gpu": "h100-sxm",
            "context": 32768,
        },
    ),
    (
        "Qual é a memória necessária para correr o Gemma 2 27B com 4 utilizadores e contexto de 8k?",
        {"model": "gemma-2-27b", "stage": "inference", "users": 4, "context": 8192},
    ),
    (
        "pré-treino contínuo do Llama 3 8B com 20M tokens numa H200",
        {"model": "llama-3-8b", "stage": "pretrain", "tokens": 2 * 10**7, "gpu": "h200-sxm"},
    ),
    # Judgement: pt-PT says "mil milhões" for a billion; "70 mil milhões" is the model size, not a context of
    # 70 mil tokens.
    (
        "Quanta memória gráfica para 10 utilizadores num modelo de 70 mil milhões de parâmetros em 4 bits?",
        {"users": 10, "model": "llama-3.1-70b", "precision": "int4"},
    ),
    # ---------------------------------------------------------------- English sentences (the first)
    (
        "how much vram for llama 3 70b at 16-bit with 8k context and 4 concurrent users",
        {"model": "llama-3-70b", "precision": "bf16", "context": 8192, "users": 4},
    ),
    (
        "How much GPU memory does a 70 billion parameter model need in 8-bit?",
        {"model": "llama-3.1-70b", "precision": "fp8"},
    ),
    (
        "What GPU do I need to serve Llama 3.3 70B in FP8 for 20 concurrent users with 32k context?",
        {"model": "llama-3.3-70b", "stage": "inference", "precision": "fp8", "users": 20, "context": 32768},
    ),
    ("Does gpt-oss-120b fit on an H100?", {"model": "gpt-oss-120b", "gpu": "h100-sxm"}),
    # Judgement: like "ajuste fino com LoRA", "fine-tune ... with QLoRA" names the adapter stage.
    (
        "fine-tune llama 3 8b with QLoRA, seq 4096, batch 8",
        {"model": "llama-3-8b", "stage": "qlora", "seq_len": 4096, "batch": 8},
    ),
    (
        "full fine-tune of a 8B model with ZeRO-3 on 8x H100",
        {"model": "llama-3.1-8b", "stage": "full", "zero": 3, "gpu": "h100-sxm", "gpus": 8},
    ),
    (
        "pretraining a 1.5B model from scratch on 500B tokens",
        {"model": "qwen2.5-1.5b", "stage": "pretrain", "tokens": 5 * 10**11},
    ),
    (
        "Can we run Mixtral 8x22B in 4-bit on 4x A100 with 16k context?",
        {
            "model": "mixtral-8x22b",
            "stage": "inference",
            "precision": "int4",
            "gpu": "a100-80gb-sxm",
            "gpus": 4,
            "context": 16384,
        },
    ),
    (
        "we need a RAG assistant on qwen2.5-32b at int8 with 10 users, production",
        {"task": "rag", "model": "qwen2.5-32b", "precision": "int8", "users": 10, "intent": "production"},
    ),
    (
        "coding assistant, deepseek v3, fp8, 8k context, 30 users",
        {"task": "code", "model": "deepseek-v3", "precision": "fp8", "context": 8192, "users": 30},
    ),
    (
        "Quick test: how much memory for Llama 3.2 3B in bf16 with 8k context?",
        {"intent": "evaluation", "model": "llama-3.2-3b", "precision": "bf16", "context": 8192},
    ),
    (
        "summarization of long reports with a 70B at 4-bit, 64k context, 2 users",
        {
            "task": "summarization",
            "model": "llama-3.1-70b",
            "precision": "int4",
            "context": 65536,
            "users": 2,
        },
    ),
    (
        "memory for a 32B reasoning model at fp8 with 16k ctx and 12 users",
        {"task": "reasoning", "model": "qwen3-32b", "precision": "fp8", "context": 16384, "users": 12},
    ),
    (
        "classification of support emails with a 3B model in 8-bit, 100 users",
        {"task": "classification", "model": "llama-3.2-3b", "precision": "fp8", "users": 100},
    ),
    # "How many users" asks for the users: none given.
    (
        "How many users can an L40S serve with Llama 3 8B at fp16 and 8k context?",
        {"gpu": "l40s", "stage": "inference", "model": "llama-3-8b", "precision": "bf16", "context": 8192},
    ),
    (
        "70b at 4bit with an fp8 kv cache and 128K context",
        {"model": "llama-3.1-70b", "precision": "int4", "kv_precision": "fp8", "context": 131072},
    ),
    (
        "Will DeepSeek-V3 in fp8 fit on 8xH200 with 32k context for 4 users?",
        {
            "model": "deepseek-v3",
            "precision": "fp8",
            "gpu": "h200-sxm",
            "gpus": 8,
            "context": 32768,
            "users": 4,
        },
    ),
    (
        "mixtral in gptq, 32k context, 10 concurrent",
        {"model": "mixtral-8x7b", "precision": "int4", "context": 32768, "users": 10},
    ),
    (
        "What's the VRAM for a 405B at fp8 on 8x B200?",
        {"model": "llama-3.1-405b", "precision": "fp8", "gpu": "b200", "gpus": 8},
    ),
    (
        "in english please: how much memory for 8b fp8 with 16 users",
        {"lang": "en", "model": "llama-3.1-8b", "precision": "fp8", "users": 16},
    ),
    (
        "How much memory to run Qwen/Qwen2.5-7B-Instruct with 32k context?",
        {"model": "qwen2.5-7b", "stage": "inference", "context": 32768},
    ),
    (
        "how much memory does nf4 Llama 70B need with 4k context?",
        {"model": "llama-3.1-70b", "precision": "nf4", "context": 4096},
    ),
    (
        "train a 7b from scratch on 1T tokens with fsdp on 8xh100",
        {
            "model": "mistral-7b-v0.3",
            "stage": "pretrain",
            "tokens": 10**12,
            "zero": 3,
            "gpu": "h100-sxm",
            "gpus": 8,
        },
    ),
    # ---------------------------------------------------------------- mixed Portuguese and English
    (
        "qual a memória pro 8b fp8 with 32k context e 16 users",
        {"model": "llama-3.1-8b", "precision": "fp8", "context": 32768, "users": 16},
    ),
    (
        "preciso do deepseek v3 em fp8 pra um chatbot, 64k ctx, 20 usuários",
        {"model": "deepseek-v3", "precision": "fp8", "task": "chat", "context": 65536, "users": 20},
    ),
    (
        "Llama 3.3 70B em fp8 numa H200, production, 32k, 10 users",
        {
            "model": "llama-3.3-70b",
            "precision": "fp8",
            "gpu": "h200-sxm",
            "intent": "production",
            "context": 32768,
            "users": 10,
        },
    ),
    (
        # a batch said with several GPUs is the global one, across them
        "lora no 8b, batch 8, seq=4k, zero2, 2x l40s",
        {
            "stage": "lora",
            "model": "llama-3.1-8b",
            "global_batch": 8,
            "seq_len": 4096,
            "zero": 2,
            "gpu": "l40s",
            "gpus": 2,
        },
    ),
    (
        "serve o mistral small em 4bit pra 40 users com 16k context",
        {
            "stage": "inference",
            "model": "mistral-small-24b",
            "precision": "int4",
            "users": 40,
            "context": 16384,
        },
    ),
    # ================================================================ round 2: how customers really ask
    # ---------------------------------------------------------------- counts next to GPUs (plurals, after)
    ("70b em FP8 on 2 H100s", {"model": "llama-3.1-70b", "precision": "fp8", "gpu": "h100-sxm", "gpus": 2}),
    (
        "Can we run Llama 3 70B in FP8 on two H100s?",
        {"model": "llama-3-70b", "stage": "inference", "precision": "fp8", "gpu": "h100-sxm", "gpus": 2},
    ),
    ("llama 70b fp8 H100 x2", {"model": "llama-3.1-70b", "precision": "fp8", "gpu": "h100-sxm", "gpus": 2}),
    (
        "70b 4bit L40S (x4) 32k",
        {"model": "llama-3.1-70b", "precision": "int4", "gpu": "l40s", "gpus": 4, "context": 32768},
    ),
    ("qwen 2.5 72b em 4 A100s", {"model": "qwen2.5-72b", "gpu": "a100-80gb-sxm", "gpus": 4}),
    ("70b 4bit 2 × L40S", {"model": "llama-3.1-70b", "precision": "int4", "gpu": "l40s", "gpus": 2}),
    (
        "Conseguimos correr o Llama 3 70B em FP8 em duas H100?",
        {"model": "llama-3-70b", "stage": "inference", "precision": "fp8", "gpu": "h100-sxm", "gpus": 2},
    ),
    ("cabe o qwen 72b em 2 l40s?", {"model": "qwen2.5-72b", "gpu": "l40s", "gpus": 2}),
    ("8b fp8 on 8 x L4s", {"model": "llama-3.1-8b", "precision": "fp8", "gpu": "l4", "gpus": 8}),
    # ---------------------------------------------------------------- European Portuguese
    (
        "Quantos utilizadores em simultâneo cabem numa placa de 48 GB com um modelo de 70B a 4 bits?",
        {"model": "llama-3.1-70b", "gpu": "l40s", "precision": "int4"},
    ),
    (
        "Preciso de correr o Llama 3 8B para uma equipa de 15 programadores",
        {"model": "llama-3-8b", "stage": "inference", "users": 15},
    ),
    (
        "Qual a memória gráfica necessária para o Mixtral 8x7B a 8 bits com contexto de 16k e 12 utilizadores em simultâneo?",
        {"model": "mixtral-8x7b", "precision": "fp8", "context": 16384, "users": 12},
    ),
    (
        "Gostava de pôr o Qwen 2.5 32B a correr em 4 bits para 30 utilizadores",
        {"model": "qwen2.5-32b", "stage": "inference", "precision": "int4", "users": 30},
    ),
    (
        "pré-treino do 7b com 1 bilião de tokens",
        {"model": "mistral-7b-v0.3", "stage": "pretrain", "tokens": 10**12},
    ),
    (
        "Queremos afinar o Llama 3 8B com LoRA de rank 32 e otimizador de 8 bits",
        {"model": "llama-3-8b", "stage": "lora", "lora_rank": 32, "optimizer": "adamw8bit"},
    ),
    (
        "70b a 4 bits a pedido durante 3 meses para 20 utilizadores",
        {
            "model": "llama-3.1-70b",
            "precision": "int4",
            "contract": "on_demand",
            "term_days": 90,
            "users": 20,
        },
    ),
    # ---------------------------------------------------------------- typos in the query's own words
    ("70b 4bit 10 ususarios", {"model": "llama-3.1-70b", "precision": "int4", "users": 10}),
    (
        "70b int4 32k 15 usuarois",
        {"model": "llama-3.1-70b", "precision": "int4", "context": 32768, "users": 15},
    ),
    ("8b fp8 contexo de 16k", {"model": "llama-3.1-8b", "precision": "fp8", "context": 16384}),
    ("8b fp8 20 utilizaores", {"model": "llama-3.1-8b", "precision": "fp8", "users": 20}),
    ("8b fp8 25 concurent users", {"model": "llama-3.1-8b", "precision": "fp8", "users": 25}),
    (
        "70b 4bit 10 conversatons 8k",
        {"model": "llama-3.1-70b", "precision": "int4", "users": 10, "context": 8192},
    ),
    (
        "8b lora 3 epocs 10k samples",
        {"model": "llama-3.1-8b", "stage": "lora", "epochs": 3, "examples": 10_000},
    ),
    # ---------------------------------------------------------------- training options in words
    ("8b lora rank 64", {"model": "llama-3.1-8b", "stage": "lora", "lora_rank": 64}),
    ("8b qlora r=64 seq 2048", {"model": "llama-3.1-8b", "stage": "qlora", "lora_rank": 64, "seq_len": 2048}),
    ("8b lora r64", {"model": "llama-3.1-8b", "stage": "lora", "lora_rank": 64}),
    ("lora no llama 3 8b com rank 32", {"model": "llama-3-8b", "stage": "lora", "lora_rank": 32}),
    ("8b full adam 8bit", {"model": "llama-3.1-8b", "stage": "full", "optimizer": "adamw8bit"}),
    (
        "ajuste fino completo do 8b com otimizador de 8 bits",
        {"model": "llama-3.1-8b", "stage": "full", "optimizer": "adamw8bit"},
    ),
    (
        "full fine-tune 8b with 8-bit adam",
        {"model": "llama-3.1-8b", "stage": "full", "optimizer": "adamw8bit"},
    ),
    ("8b full paged_adamw_8bit", {"model": "llama-3.1-8b", "stage": "full", "optimizer": "adamw8bit"}),
    (
        "70b full zero3 cpu offload",
        {"model": "llama-3.1-70b", "stage": "full", "zero": 3, "cpu_offload": True},
    ),
    (
        "8b ajuste fino completo com offload para a CPU",
        {"model": "llama-3.1-8b", "stage": "full", "cpu_offload": True},
    ),
    (
        "8b full sem gradient checkpointing",
        {"model": "llama-3.1-8b", "stage": "full", "checkpointing": False},
    ),
    (
        "full fine-tune llama 3 8b without gradient checkpointing",
        {"model": "llama-3-8b", "stage": "full", "checkpointing": False},
    ),
    (
        "8b full gradient checkpointing off",
        {"model": "llama-3.1-8b", "stage": "full", "checkpointing": False},
    ),
    ("70b gptq 8bit", {"model": "llama-3.1-70b", "precision": "int8"}),
    ("70b GPTQ em 8 bits 10 usuários", {"model": "llama-3.1-70b", "precision": "int8", "users": 10}),
    ("8-bit gptq qwen 2.5 32b", {"model": "qwen2.5-32b", "precision": "int8"}),
    # ---------------------------------------------------------------- contract words; a term is not a deadline
    (
        "70b 4bit 20 usuários dedicada por 12 meses",
        {
            "model": "llama-3.1-70b",
            "precision": "int4",
            "users": 20,
            "contract": "dedicated",
            "term_days": 360,
        },
    ),
    (
        "capacidade reservada para o 8b fp8 por 6 meses",
        {"model": "llama-3.1-8b", "precision": "fp8", "contract": "reserved", "term_days": 180},
    ),
    ("8b sob demanda para teste", {"model": "llama-3.1-8b", "contract": "on_demand", "intent": "evaluation"}),
    (
        "reserved capacity for llama 3 70b fp8 for 12 months",
        {"model": "llama-3-70b", "precision": "fp8", "contract": "reserved", "term_days": 360},
    ),
    (
        "dedicated server for llama 70b 4bit",
        {"model": "llama-3.1-70b", "precision": "int4", "contract": "dedicated"},
    ),
    (
        "on-demand 8b fp8 en",
        {"model": "llama-3.1-8b", "precision": "fp8", "contract": "on_demand", "lang": "en"},
    ),
    ("70b 4bit por 12 meses", {"model": "llama-3.1-70b", "precision": "int4", "term_days": 360}),
    (
        "llama 70b fp8 contrato anual 20 usuarios",
        {"model": "llama-3.1-70b", "precision": "fp8", "users": 20, "term_days": 365},
    ),
    (
        "llama 70b compromisso de 3 anos",
        {"model": "llama-3.1-70b", "contract": "reserved", "term_days": 1095},
    ),
    ("llama 8b pay per use en", {"model": "llama-3.1-8b", "contract": "on_demand", "lang": "en"}),
    # For training, a period is the time the run may take.
    (
        "pretrain 7b 1T tokens por 2 meses",
        {"model": "mistral-7b-v0.3", "stage": "pretrain", "tokens": 10**12, "days": 60},
    ),
    # ---------------------------------------------------------------- a model's own size after its name
    # The size confirms the name (total or active parameters, as rounded as model names say them).
    ("deepseek r1 671b em 8 h200", {"model": "deepseek-r1", "gpu": "h200-sxm", "gpus": 8}),
    ("deepseek v3 671b fp8", {"model": "deepseek-v3", "precision": "fp8"}),
    # V3.1 is V3's architecture, named as asked (a derivative); "mistral 7b v0.1" is that release (its own
    # 4,096-token window and 32,000-token vocabulary), no longer v0.3 with "v0.1" not understood.
    (
        "deepseek v3.1 fp8 em 8 h200",
        {"model": "deepseek-v3.1", "precision": "fp8", "gpu": "h200-sxm", "gpus": 8},
    ),
    ("mistral 7b v0.1 8k", {"model": "mistral-7b-v0.1", "context": 8192}),
    ("llama 4 scout 109b 10 usuarios", {"model": "llama-4-scout", "users": 10}),
    ("llama 4 maverick 17b fp8", {"model": "llama-4-maverick", "precision": "fp8"}),
    ("mixtral 8x7b 47b 4bit", {"model": "mixtral-8x7b", "precision": "int4"}),
    # Two GPUs named are weighed against each other, however the comparison is asked.
    (
        "comparar h100 e h200 para qwen3 32b",
        {"model": "qwen3-32b", "gpu": "h100-sxm"},
    ),
    (
        "compare h100 vs h200 for qwen3 32b",
        {"model": "qwen3-32b", "gpu": "h100-sxm"},
    ),
    # Where the data may go is answered by every reply's LGPD note: not words left over.
    ("llama 8b no brasil por causa da lgpd", {"model": "llama-3.1-8b"}),
    ("llama 8b, dados não podem sair do país", {"model": "llama-3.1-8b"}),
    ("llama 8b hosted in Brazil for GDPR and LGPD", {"model": "llama-3.1-8b"}),
    # A version after a model's name starts no range ("3.2 to 200" is no 200), and a size is no typo.
    (
        "serve mistral small 3.2 to 200 agents",
        {"model": "mistral-small-3.2-24b", "stage": "inference", "users": 200},
    ),
    ("servir o qwen 2.5 32b a 50 usuários", {"model": "qwen2.5-32b", "stage": "inference", "users": 50}),
    ("llama 3.1 a 8b", {"model": "llama-3.1-8b"}),
    ("llama 70b para 50 agentes", {"model": "llama-3.1-70b", "users": 50}),
    ("r1-distill 8b", {"model": "deepseek-r1-distill-llama-8b"}),
    ("deepseek-r1-distill-llama-8b 16k", {"model": "deepseek-r1-distill-llama-8b", "context": 16384}),
    # ---------------------------------------------------------------- a GPU's memory picks its variant
    ("llama 70b em 8 placas A100 de 40 GB", {"model": "llama-3.1-70b", "gpu": "a100-40gb-sxm", "gpus": 8}),
    ("qwen 32b em 2 A100 com 40 GB", {"model": "qwen2.5-32b", "gpu": "a100-40gb-sxm", "gpus": 2}),
    ("8b numa H100 de 94 GB", {"model": "llama-3.1-8b", "gpu": "h100-nvl"}),
    ("llama 70b em 2 (duas) L40S", {"model": "llama-3.1-70b", "gpu": "l40s", "gpus": 2}),
    (
        "llama 70b H100 (2x) 4bit",
        {"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpus": 2, "precision": "int4"},
    ),
    # ---------------------------------------------------------------- servers of several GPUs
    ("llama 70b em 2 nós de 8 H100", {"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpus": 16}),
    ("llama 405b em duas máquinas com 8 H100", {"model": "llama-3.1-405b", "gpu": "h100-sxm", "gpus": 16}),
    (
        "405b fp8 on 2 nodes of 8x H200",
        {"model": "llama-3.1-405b", "precision": "fp8", "gpu": "h200-sxm", "gpus": 16},
    ),
    ("llama 70b num servidor de 8 H100", {"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpus": 8}),
    # In a serving question a batch is the sequences decoded together (it had been a training batch, and the
    # answer sized one user).
    (
        "how many tokens per second does an h200 do with llama 70b fp8 at batch 64?",
        {"model": "llama-3.1-70b", "precision": "fp8", "gpu": "h200-sxm", "users": 64},
    ),
    ("llama 8b throughput com lote de 16", {"model": "llama-3.1-8b", "users": 16}),
    # More than a server holds is the whole count split over the servers said (had been 32).
    (
        "deepseek-v3 671b fp8 16xH100 2 nodes",
        {"model": "deepseek-v3", "precision": "fp8", "gpu": "h100-sxm", "gpus": 16},
    ),
    # A context in millions after the context word is no training set (was dropped: 4,096 tokens).
    ("llama 4 scout com contexto de 1 milhão de tokens", {"model": "llama-4-scout", "context": 1000000}),
    ("llama 4 scout, context of 2 million tokens", {"model": "llama-4-scout", "context": 2000000}),
    (
        "lora 70b 4 gpus a100 ddp",
        {"model": "llama-3.1-70b", "stage": "lora", "gpu": "a100-80gb-sxm", "gpus": 4, "zero": 0},
    ),
    # ---------------------------------------------------------------- thousands of people, millions of things
    ("qwen 7b 10 mil usuários", {"model": "qwen2.5-7b", "users": 10000}),
    ("8b fp8 for 20k users", {"model": "llama-3.1-8b", "precision": "fp8", "users": 20000}),
    ("qwen 7b 1 milhão de usuários", {"model": "qwen2.5-7b", "users": 1000000}),
    # Thousands grouped with a dot or comma are a head-count ("1.000 usuários" had been 1 user, "1.200" none).
    ("preciso de um servidor pra 1.000 usuarios com llama 8b", {"model": "llama-3.1-8b", "users": 1000}),
    ("llama 8b 1.200 usuários", {"model": "llama-3.1-8b", "users": 1200}),
    ("llama 8b for 3,000 users", {"model": "llama-3.1-8b", "users": 3000}),
    ("llama 8b 1.000.000 de usuários", {"model": "llama-3.1-8b", "users": 1000000}),
    ("qwen 7b rag com 2 milhões de documentos", {"model": "qwen2.5-7b", "task": "rag"}),
    ("mistral 7b over 3 million documents", {"model": "mistral-7b-v0.3"}),
    # "1 milhão de <anything but parameters>" counts that thing; tickets and documents a day are requests.
    ("modelo de 7 bilhões de parâmetros em fp8", {"model": "mistral-7b-v0.3", "precision": "fp8"}),
    # ---------------------------------------------------------------- English head-counts, training keys with "of"/"de"
    # the team's size in parentheses is its head-count, not 15 at once (tests/test_phrasings_round12.py)
    ("our team (15 people) wants llama 3.1 70b int4", {"model": "llama-3.1-70b", "precision": "int4"}),
    ("llama 8b for one person", {"model": "llama-3.1-8b", "users": 1}),
    ("llama 8b pra 10 ppl", {"model": "llama-3.1-8b", "users": 10}),
    ("gpt-oss-120b ou gpt-4o para 50 usuarios?", {"model": "gpt-oss-120b", "users": 50}),
    ("llama 8b lora batch de 16", {"model": "llama-3.1-8b", "stage": "lora", "batch": 16}),
    (
        "A equipa quer treinar de raiz um modelo de 3B com 300 mil milhões de tokens",
        {"model": "llama-3.2-3b", "stage": "pretrain", "tokens": 300 * 10**9},
    ),
    # "mil" after a sequence length is a thousand ("sequências de 4 mil tokens" was a 4-token sequence).
    (
        "afinar o Llama 3.1 70B com QLoRA (rank 16, sequências de 4 mil tokens)",
        {"model": "llama-3.1-70b", "stage": "qlora", "lora_rank": 16, "seq_len": 4000},
    ),
    # Settings that change no memory are read with their value ("1000 steps" was a 1,000-token context).
    ("lora llama 8b 1000 steps", {"model": "llama-3.1-8b", "stage": "lora", "steps": 1000}),
    (
        "qlora llama 8b r=16 alpha=32 dropout 0.05 lr 2e-4 seq 2048",
        {"model": "llama-3.1-8b", "stage": "qlora", "lora_rank": 16, "seq_len": 2048},
    ),
    (
        "full ft mistral 7b grad accum 8 batch 4 warmup 100 steps",
        {"model": "mistral-7b-v0.3", "stage": "full", "batch": 4, "grad_accum": 8},
    ),
    (
        "lora on llama 8b, batch size of 8, seq of 4096",
        {"model": "llama-3.1-8b", "stage": "lora", "batch": 8, "seq_len": 4096},
    ),
    # ---------------------------------------------------------------- serving engines' launch lines pasted in
    # Tensor and pipeline parallel together span TP x PP GPUs (the pipeline had been dropped: half the GPUs).
    (
        "vllm serve meta-llama/Llama-3.1-405B-Instruct-FP8 --tensor-parallel-size 8 --pipeline-parallel-size 2",
        {
            "model": "llama-3.1-405b",
            "stage": "inference",
            "gpus": 16,
        },  # the FP8 release carries its precision
    ),
    ("llama 70b tp=2 pp=2 pra 20 usuarios", {"model": "llama-3.1-70b", "gpus": 4, "users": 20}),
    ("lora 70b tp=2 pp=2", {"model": "llama-3.1-70b", "stage": "lora", "tp": 2, "pp": 2}),
    (
        "docker run --gpus all -p 8000:8000 vllm/vllm-openai:latest --model Qwen/Qwen2.5-32B-Instruct-AWQ "
        "--max-model-len 16384 --max-num-seqs 48",
        {
            "model": "qwen2.5-32b",
            "stage": "inference",
            "context": 16384,
            "users": 48,
        },  # the AWQ release carries its precision
    ),
    (
        "docker run --gpus all vllm/vllm-openai --model mistralai/Mistral-7B-Instruct-v0.3 --quantization fp8",
        {"model": "mistral-7b-v0.3", "stage": "inference", "precision": "fp8"},
    ),
    (
        "vllm serve Qwen/Qwen2.5-72B-Instruct --quantization fp8 --kv-cache-dtype fp8 --tensor-parallel-size 4 "
        "--port 8000 --gpu-memory-utilization 0.92 --enable-prefix-caching",
        {
            "model": "qwen2.5-72b",
            "stage": "inference",
            "precision": "fp8",
            "kv_precision": "fp8",
            "gpus": 4,
            "memory_utilization": 0.92,
        },
    ),
    (
        "python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp-size 2 --context-length 32768 "
        "--max-running-requests 24",
        {"model": "qwen3-32b", "gpus": 2, "context": 32768, "users": 24},
    ),
    (
        "text-generation-launcher --model-id mistralai/Mistral-7B-Instruct-v0.3 --quantize awq "
        "--max-total-tokens 4096 --num-shard 2",
        {"model": "mistral-7b-v0.3", "precision": "int4", "context": 4096, "gpus": 2},
    ),
    (
        # -c is the context of all 4 slots together (llama.cpp server: n_ctx_slot = n_ctx / n_parallel)
        "llama-server -m Qwen2.5-7B-Instruct-Q4_K_M.gguf -c 8192 -np 4 --port 8080",
        {"model": "qwen2.5-7b", "precision": "q4_k_m", "context": 2048, "users": 4},
    ),
    (
        "o cliente sobe assim: vllm serve google/gemma-3-27b-it --max-model-len 8192 --port 8080 -- quantas L40S?",
        {"model": "gemma-3-27b", "stage": "inference", "context": 8192, "gpu": "l40s"},
    ),
    (
        "quanto de vram pro Meta-Llama-3.1-8B-Instruct-Q5_K_M.gguf com 16k?",
        {"model": "llama-3.1-8b", "precision": "q5_k_m", "context": 16384},
    ),
    # ---------------------------------------------------------------- llama.cpp's i-quants and Unsloth's bit names
    # "deepseek r1 1.58 bit" had been "Não entendi: 1.58" and FP8; "1,58 bits" is how Brazil and Portugal write it.
    ("deepseek r1 1.58 bit", {"model": "deepseek-r1", "precision": "iq1_s"}),
    ("deepseek r1 em 1,58 bits numa h200", {"model": "deepseek-r1", "precision": "iq1_s", "gpu": "h200-sxm"}),
    (
        "DeepSeek R1 1.58-bit on 2x H100",
        {"model": "deepseek-r1", "precision": "iq1_s", "gpu": "h100-sxm", "gpus": 2},
    ),
    (
        "quanto de vram pro deepseek r1 de 1.58 bits em 2 h100?",
        {"model": "deepseek-r1", "precision": "iq1_s", "gpu": "h100-sxm", "gpus": 2},
    ),
    ("o r1 dinâmico de 1.73 bit da unsloth", {"model": "deepseek-r1", "precision": "iq1_m"}),
    ("deepseek r1 2.22-bit 8k", {"model": "deepseek-r1", "precision": "iq2_xxs", "context": 8192}),
    ("deepseek r1 2,51 bits", {"model": "deepseek-r1", "precision": "q2_k"}),
    ("what does the 1.58-bit deepseek r1 need?", {"model": "deepseek-r1", "precision": "iq1_s"}),
    ("llama 70b iq2_xxs numa 4090", {"model": "llama-3.1-70b", "precision": "iq2_xxs", "gpu": "rtx-4090"}),
    ("2x RTX 4090 rodam o llama 70b?", {"model": "llama-3.1-70b", "gpu": "rtx-4090", "gpus": 2}),
    # NVIDIA's DGX and HGX boards hold 8 GPUs ("dgx" had been not understood, and one GPU sized).
    ("llama 70b numa dgx h100", {"model": "llama-3.1-70b", "gpu": "h100-sxm", "gpus": 8}),
    ("llama 405b em 2 dgx h100", {"model": "llama-3.1-405b", "gpu": "h100-sxm", "gpus": 16}),
    ("duas L40S suportam o qwen3 32b?", {"model": "qwen3-32b", "gpu": "l40s", "gpus": 2}),
    ("llama 70b IQ2_M 8k", {"model": "llama-3.1-70b", "precision": "iq2_m", "context": 8192}),
    ("llama 70b i-quant iq2 numa 4090", {"model": "llama-3.1-70b", "precision": "iq2_m", "gpu": "rtx-4090"}),
    ("qwen 32b iq4_nl no llama.cpp", {"model": "qwen2.5-32b", "precision": "iq4_nl"}),
    (
        "llama 70b iq3_m 32k 4 utilizadores",
        {"model": "llama-3.1-70b", "precision": "iq3_m", "context": 32768, "users": 4},
    ),
    ("llama 8b imatrix IQ3_XXS 16k", {"model": "llama-3.1-8b", "precision": "iq3_xxs", "context": 16384}),
    ("llama 70b 1-bit", {"model": "llama-3.1-70b", "precision": "iq1_s"}),
    # A width and a format of that width are one precision (had been a contradiction).
    ("llama 70b 2 bit iq2_m", {"model": "llama-3.1-70b", "precision": "iq2_m"}),
    # A file's name: Unsloth's dynamic files carry "UD-" before the type, and split files their part.
    (
        "Meta-Llama-3.1-70B-Instruct-IQ2_M.gguf com 8k",
        {"model": "llama-3.1-70b", "precision": "iq2_m", "context": 8192},
    ),
    (
        "llama-server -m DeepSeek-R1-UD-IQ1_S-00001-of-00003.gguf -c 4096",
        {"model": "deepseek-r1", "stage": "inference", "precision": "iq1_s", "context": 4096},
    ),
    # None of these is a bit width: a version, a distill's size, the classic 2- and 3-bit files, a choice.
    ("deepseek r1 1.5b", {"model": "deepseek-r1-distill-qwen-1.5b"}),
    ("llama 3.1 8b 2 usuários", {"model": "llama-3.1-8b", "users": 2}),
    ("70b 2bit", {"model": "llama-3.1-70b", "precision": "q2_k"}),
    ("70b 3-bit", {"model": "llama-3.1-70b", "precision": "q3_k_m"}),
    ("llama 70b em 4,8 bits", {"model": "llama-3.1-70b", "precision": "int4"}),
    # ---------------------------------------------------------------- Ollama tags and runtime defaults
    (
        "ollama run deepseek-r1:70b",
        {"model": "deepseek-r1-distill-llama-70b", "stage": "inference", "precision": "q4_k_m"},
    ),
    (
        "ollama run qwen3:30b-a3b-q4_K_M",
        {"model": "qwen3-30b-a3b", "stage": "inference", "precision": "q4_k_m"},
    ),
    ("ollama run gemma3:27b-it-qat", {"model": "gemma-3-27b", "stage": "inference", "precision": "q4_0"}),
    # A precision typed with "ollama" wins over the Q4_K_M ollama implies (was a contradiction).
    (
        "llama 3.1 8b q8_0 gguf no ollama para 4 usuários",
        {"model": "llama-3.1-8b", "precision": "q8_0", "users": 4},
    ),
    # A bare tag is Ollama's too: its default file unless a precision is typed.
    ("gemma3:27b", {"model": "gemma-3-27b", "precision": "q4_k_m"}),
    (
        "deepseek-r1:8b 10 usuarios",
        {"model": "deepseek-r1-distill-llama-8b", "precision": "q4_k_m", "users": 10},
    ),
    ("gemma3:27b em fp8", {"model": "gemma-3-27b", "precision": "fp8"}),
    # ---------------------------------------------------------------- Hugging Face pages that are no model
    (
        "llama 8b lora no dataset <https://huggingface.co/datasets/yahma/alpaca-cleaned>",
        {"model": "llama-3.1-8b", "stage": "lora"},
    ),
    (
        "https://huggingface.co/spaces/open-llm-leaderboard/open_llm_leaderboard qual o melhor 70b?",
        {"model": "llama-3.1-70b"},
    ),
    (
        "https://huggingface.co/Qwen/Qwen2.5-7B-Instruct?library=vllm 8k",
        {"model": "qwen2.5-7b", "context": 8192},
    ),
    # ---------------------------------------------------------------- the weights as released, in words
    # "full precision" had been a full fine-tune; the others went unread.
    ("quanto de vram pro llama 70b em full precision?", {"model": "llama-3.1-70b", "precision": "bf16"}),
    ("llama 70b sem quantizar pra 10 usuarios", {"model": "llama-3.1-70b", "precision": "bf16", "users": 10}),
    (
        "qwen 72b em precisão cheia numa h200",
        {"model": "qwen2.5-72b", "precision": "bf16", "gpu": "h200-sxm"},
    ),
    ("mistral 7b without quantization", {"model": "mistral-7b-v0.3", "precision": "bf16"}),
    # ---------------------------------------------------------------- thousands and a round hundred, in words
    # "2 mil e 500 usuários" had been a 2,000-token context and 500 users.
    ("llama 8b pra 2 mil e 500 usuarios", {"model": "llama-3.1-8b", "users": 2500}),
    ("qwen 7b para mil e quinhentos usuários", {"model": "qwen2.5-7b", "users": 1500}),
    ("llama 8b contexto de 32 mil e 100 usuários", {"model": "llama-3.1-8b", "context": 32000, "users": 100}),
    ("qwen 7b para meio milhão de usuários", {"model": "qwen2.5-7b", "users": 500000}),
    # llama.cpp's slots are conversations at once (dropped before).
    (
        "Llama-3.3-70B-Instruct-Q4_K_M.gguf com 8192 de ctx e 4 slots",
        {"model": "llama-3.3-70b", "precision": "q4_k_m", "context": 8192, "users": 4},
    ),
    # ---------------------------------------------------------------- training counted in examples is a fine-tune
    # The plain word for training had made these a pre-training; with no method said, examples of
    # instruction-tuning size (up to a million) are trained with LoRA.
    (
        "treinar o llama 8b com 1 milhão de exemplos",
        {"model": "llama-3.1-8b", "stage": "lora", "examples": 1000000},
    ),
    (
        "train qwen 7b on 50k samples, 3 epochs",
        {"model": "qwen2.5-7b", "stage": "lora", "examples": 50000, "epochs": 3},
    ),
    (
        "treinar o llama 8b com 2 milhões de exemplos",
        {"model": "llama-3.1-8b", "stage": "full", "examples": 2000000},
    ),
    ("treinar llama 8b com 1B tokens", {"model": "llama-3.1-8b", "stage": "pretrain", "tokens": 10**9}),
]

# Personal data in a question is removed before it is read: never a number, never echoed (the answer and the
# request log hold neither). These are part of PHRASINGS too.
PERSONAL_DATA: list[tuple[str, dict]] = [
    (
        "meu email é ana@empresa.com.br cpf 123.456.789-09 tel (11) 98765-4321, 8b fp8",
        {"model": "llama-3.1-8b", "precision": "fp8"},
    ),
    (
        "call me at +1 415 555 2671 or bob@acme.com: llama 3.1 8b fp8 16k",
        {"model": "llama-3.1-8b", "precision": "fp8", "context": 16384},
    ),
    ("o meu telemóvel é +351 912 345 678; 70b a 4 bits", {"model": "llama-3.1-70b", "precision": "int4"}),
    ("cartão 4111 1111 1111 1111, 70b 4bit", {"model": "llama-3.1-70b", "precision": "int4"}),
    (
        "cnpj 11.222.333/0001-81, cpf 52998224725: 8b int8 10 usuários",
        {"model": "llama-3.1-8b", "precision": "int8", "users": 10},
    ),
]
PHRASINGS += PERSONAL_DATA

# Each case: (text, error_key_prefix, words_the_message_must_contain)
# Words are short substrings of the message (compare case-insensitively): numbers and names taken from the
# input, or a word of the message itself ("model" is also inside "modelo"). The message is in pt-BR unless
# the input asks for English.
BAD_INPUTS: list[tuple[str, str, list[str]]] = [
    # ---------------------------------------------------------------- contradictions
    ("4bit fp16 70b", "query.contradiction", ["4"]),
    # two RL lengths, one of them a completion's: the contradiction's label had no message (a KeyError)
    (
        "GRPO qwen3 4b, completion 4096, completion 1024",
        "query.contradiction",
        ["tamanho da resposta gerada"],
    ),
    ("70b 4bit fp16", "query.contradiction", ["4", "16"]),
    ("8b int8 q4_k_m", "query.contradiction", ["int8", "q4_k_m"]),
    ("deepseek r1 1.58 bit iq2_xxs", "query.contradiction", ["1.58", "iq2_xxs"]),
    ("llama 70b q2_k iq2_m", "query.contradiction", ["q2_k", "iq2_m"]),
    ("70b 8b", "query.contradiction", ["70", "8"]),
    ("llama 3.1 8b 70b 4bit", "query.contradiction", ["8", "70"]),
    ("mixtral deepseek v3 fp8", "query.contradiction", ["mixtral", "deepseek"]),
    ("8k 32k 70b", "query.contradiction", ["8", "32"]),
    ("70b ctx=8k ctx=16k", "query.contradiction", ["8", "16"]),
    ("70b lora full", "query.contradiction", ["lora", "full"]),
    ("8b qlora pretrain", "query.contradiction", ["qlora", "pretrain"]),
    ("70b 10 users 20 users", "query.contradiction", ["10", "20"]),
    ("70b 4bit 5u 50 usuários", "query.contradiction", ["5", "50"]),
    # Judgement: "kv8" and "kv16" are two KV cache precisions, as contradictory as two weight precisions.
    ("70b kv8 kv16", "query.contradiction", ["8", "16"]),
    # ---------------------------------------------------------------- too long (over 4,000 characters)
    ("70b " * 1200, "query.too_long", ["caracteres"]),
    ("quanto de memória para um 70b em 4 bits? " * 120, "query.too_long", ["caracteres"]),
    # 4,001 characters: one over the limit.
    ("70b 4bit " + "a" * 3992, "query.too_long", ["caracteres"]),
    # ---------------------------------------------------------------- nothing understood
    ("asdf qwerty", "query.nothing_understood", []),
    ("😀😀😀", "query.nothing_understood", []),
    ("<!channel>", "query.nothing_understood", []),
    ("???", "query.nothing_understood", []),
    # ---------------------------------------------------------------- no model
    ("4bit 32k 10 users", "query.no_model", ["model"]),
    ("quantas GPUs para 10 usuários?", "query.no_model", ["model"]),
    ("fp8 8k", "query.no_model", ["model"]),
    ("quanto de memória para 20 usuários com contexto de 32k em 4 bits?", "query.no_model", ["model"]),
    ("lora seq 4096 batch 8", "query.no_model", ["model"]),
    # GPUs with no model: what fits there (sizing/fits.py); a surface that cannot say it reads it as no model.
    ("2x h100 fp8 32k", "query.what_fits", ["model"]),
    ("How much VRAM for 10 concurrent users at 8k context? en", "query.no_model", ["model"]),
    # ---------------------------------------------------------------- values out of range
    ("70b 0 users", "not_positive_users", ["0", "usuários"]),
    ("pretrain 7b 1T tokens em 0 dias", "not_positive_days", ["0", "prazo"]),
    ("pretrain 7b 1T tokens em 20 anos", "too_large_days", ["7.300", "prazo"]),
    ("70b 4bit 0 usuários", "not_positive_users", ["0", "usuários"]),
    ("70b 0 users en", "not_positive_users", ["0", "users"]),
    ("8b 1M context", "context_beyond_model", ["Llama 3.1 8B"]),
    ("gemma-2-9b 32k", "context_beyond_model", ["Gemma 2 9B"]),
    ("qwen2.5-7b 256k", "context_beyond_model", ["Qwen2.5 7B"]),
    ("phi-4 32k", "context_beyond_model", ["Phi-4"]),
    ("mixtral 128k 4bit", "context_beyond_model", ["Mixtral 8x7B"]),
    ("Llama 3.1 70B com contexto de 200k", "context_beyond_model", ["Llama 3.1 70B"]),
    ("5000000b", "absurd_size", ["5000000b"]),
    ("0.001b", "absurd_size", ["0.001b"]),
    ("5000000b 4bit 32k 10 users", "absurd_size", ["5000000b"]),
    ("modelo de 0.001b em 4 bits", "absurd_size", ["0.001b"]),
    # ---------------------------------------------------------------- unknown names (no size to fall back on)
    ("gpt-7 4bit", "unknown_model", ["gpt-7"]),
    ("gpt-7 fp8 16k", "unknown_model", ["gpt-7"]),
    # A version or variant the catalogue lacks, after a name with no size, is another model: said, never
    # sized as the name's (a DeepSeek V5 is no V3; a Command R v2 is no Command R).
    ("deepseek v5 em fp8", "unknown_model", ["deepseek v5", "DeepSeek V3"]),
    # DeepSeek V4 comes as Flash and Pro: which one is asked.
    ("deepseek v4 em fp8", "query.series_size", ["DeepSeek V4", "Flash, Pro"]),
    ("deepseek coder v3 pra 10 usuarios", "unknown_model", ["deepseek coder v3", "DeepSeek-Coder-V2 236B"]),
    # A series named without a size: which size is asked, with the sizes the catalogue has, never guessed
    # ("qwen3" had been read as Qwen2.5 3B) nor refused as a missing model.
    (
        "qwen3 para 50 usuarios",
        "query.series_size",
        ["Qwen3", "0.6B", "235B-A22B", "qwen3 14b para 50 usuarios"],
    ),
    ("quero rodar o qwen 2.5 em 4 bits", "query.series_size", ["Qwen2.5", "72B"]),
    ("llama 3.1 para chatbot 100 usuarios", "query.series_size", ["Llama 3.1", "8B, 70B, 405B"]),
    ("how much vram for gpt-oss?", "query.series_size", ["gpt-oss", "20B, 120B"]),
    ("deepseek r1 distill", "query.series_size", ["Qwen 1.5B", "Llama 70B"]),
    ("llama 3.1 13b", "query.series_lacks_size", ["Llama 3.1", "13B", "8B, 70B, 405B"]),
    # The choice's first model is a series: which size comes first.
    ("qwen3 ou llama 3.1 70b", "query.series_size", ["Qwen3"]),
    # A family word alone: its models.
    ("mistral com 20 usuários", "query.family_model", ["Mistral Large 2 (123B)", "Mistral 7B v0.3"]),
    ("qwen 50 users", "query.family_model", ["Qwen3.5 27B", "(+27)"]),
    ("command r v2 em 4 bits", "unknown_model", ["command r v2", "Command R 35B (v01)"]),
    ("command r plus v2 4bit", "unknown_model", ["command r plus v2", "Command R+ 104B"]),
    # Judgement: "h300" is one letter from both H100 and H200, so no single GPU is a confident correction.
    ("70b numa h300", "unknown_gpu", ["h300"]),
    ("70b 4bit 2x h300", "unknown_gpu", ["h300"]),
    # Reinforcement learning holds more models than a fine-tune: said, not sized as one (nor as inference).
    # An RL context shorter than TRL's 512-token prompt leaves no room for a completion.
    ("grpo qwen 7b contexto de 300 tokens", "rl_context_short", ["prompt", "513 tokens"]),
    # A GPU's number is its model: "rtx3070" is no RTX 3090 (and "3070" no context); a GPU named as one
    # ("numa p40", "on 8x mi300x") is an error even with nothing close to suggest.
    ("qlora 8b numa rtx 3070", "unknown_gpu", ["rtx 3070", "3090"]),
    ("qlora 8b numa rtx3070", "unknown_gpu", ["rtx3070"]),
    ("lora llama 3.1 8b numa p40", "unknown_gpu", ["p40"]),
    ("qlora 8b on 8x mi300x en", "unknown_gpu", ["mi300x"]),
    ("lora 7b on a tesla p100 en", "unknown_gpu", ["tesla p100"]),
    # A GeForce's tier after a card the catalogue has is another card (the 3080 Ti has 12 GB, the 3080 10).
    ("llama 8b numa rtx 3080 ti", "unknown_gpu", ["rtx 3080 ti"]),
    ("llama 8b numa 3070 ti", "unknown_gpu", ["3070 ti"]),
    # ---------------------------------------------------------------- out of scope: speech, images, encoders
    # Embedding and reranking models the table has are sized alone (sizing/encoder_query.py), not refused.
    ("bge-m3 para 10 usuários", "query.encoders", ["BGE-M3", "2,3 GB", "L40S"]),
    ("quanto de vram pro multilingual-e5-large?", "query.encoders", ["Multilingual E5 Large", "2,3 GB"]),
    ("jina-embeddings-v3 para 10 usuários", "query.encoders", ["Jina Embeddings v3", "2,3 GB"]),
    ("qwen3-reranker-4b para 10 usuários", "query.encoders", ["Qwen3 Reranker 4B", "10,1 GB"]),
    ("gte-qwen2-7b-instruct para 10 usuários", "query.encoders", ["GTE Qwen2 7B Instruct", "7,07B"]),
    (
        "linq-embed-mistral para 10 usuários",
        "query.out_of_scope",
        ["linq-embed-mistral", "embeddings", "LLM"],
    ),
    ("whisper large v3 numa L4", "query.speech", ["Whisper large-v3", "L4 24 GB citada"]),
    ("xtts v2 numa L4", "query.out_of_scope", ["xtts", "fala"]),
    # BERT and its kin classify and embed: no text generation ("com bert" had asked for the model).
    (
        "quero treinar um modelo de classificação de texto em português com bert",
        "query.out_of_scope",
        ["bert", "encoder"],
    ),
    ("neuralmind/bert-base-portuguese-cased", "query.out_of_scope", ["bert-base-portuguese-cased", "BERT"]),
    # the word after the name is none of it ("“bert com” é um modelo encoder" before)
    (
        "treinar um modelo de classificação bert com 100 mil exemplos",
        "query.out_of_scope",
        ["“bert” é um", "encoder"],
    ),
    ("bert base para classificar tickets", "query.out_of_scope", ["“bert base” é um", "encoder"]),
    ("fine-tune roberta-large for sentiment en", "query.out_of_scope", ["roberta-large", "encoder"]),
    (
        "Quanta memória precisa o modelo de transcrição Whisper?",
        "query.speech",
        ["Whisper large-v3", "KV cache do decoder"],
    ),
    ("SDXL com 4 usuários", "query.out_of_scope", ["SDXL", "imagem"]),
    ("quanto de vram pro stable diffusion xl?", "query.out_of_scope", ["stable diffusion", "imagem"]),
    # written apart, "sd xl" had been no model: the answer listed what fits on the L4
    ("sd xl numa l4?", "query.out_of_scope", ["sd xl", "imagem"]),
    ("how much memory for whisper-large-v3 en", "query.speech", ["Whisper large-v3", "decoder KV cache"]),
    (
        "an embedding model for our RAG, 100 users en",
        "query.encoders",
        ["No embedding model named", "BGE-M3"],
    ),
    ("FLUX.1 dev on an L40S en", "query.out_of_scope", ["FLUX.1", "image"]),
    ("Quantos utilizadores aguenta o bge-m3 numa L4?", "query.encoders", ["BGE-M3", "L4 24 GB"]),
    ("BAAI/bge-m3 para 50 usuários", "query.encoders", ["BGE-M3", "2,3 GB"]),
    # The whole repo the word sits in, not a broken piece of it ("Não conheço Qwen/Qwen3").
    ("Qwen/Qwen3-Embedding-8B numa L4", "query.encoders", ["Qwen3 Embedding 8B", "19,1 GB", "L4 24 GB"]),
    ("Qwen/Qwen3-Reranker-4B numa L4", "query.encoders", ["Qwen3 Reranker 4B", "10,1 GB", "L4 24 GB"]),
    ("Linq-AI-Research/Linq-Embed-Mistral 10 usuarios", "query.out_of_scope", ["Linq-Embed-Mistral"]),
    ("openai/whisper-large-v3 on an L4 en", "query.speech", ["Whisper large-v3", "L4 24 GB named"]),
    ("Preciso de correr o XTTS v2 para síntese de voz", "query.out_of_scope", ["XTTS", "fala"]),
    # Closed models run only on their makers' APIs: said so, with open models of their size.
    ("quanto custa rodar o gpt-4o na nossa nuvem?", "query.closed_model", ["gpt-4o", "fechado"]),
    ("claude 3.5 sonnet para 100 usuários", "query.closed_model", ["claude", "API"]),
    # Qwen's Max models are API-only ("qwen3 max" had asked which Qwen3 size).
    ("qwen3 max para 20 usuários", "query.closed_model", ["qwen3 max", "fechado"]),
    (
        "mistral medium 3 para 20 usuários",
        "query.closed_model",
        ["mistral medium", "fechado"],
    ),  # had asked which Mistral
    ("can gemini 1.5 pro run on an H100? en", "query.closed_model", ["gemini", "closed"]),
    # ---------------------------------------------------------------- personal data is never echoed
    ("meu email é ana@empresa.com.br, cpf 123.456.789-09", "query.nothing_understood", []),
    # ---------------------------------------------------------------- cards the catalogue lacks are said, never
    # read as a context ("3090 tokens") nor as another card one digit away (an A2 has 16 GB, an A100 80;
    # the A10 is in the catalogue, and an A10G is read as it, said: tests/test_gpu_comparison.py)
    ("llama 8b numa RTX 3070", "unknown_gpu", ["RTX 3070", "RTX 3090"]),
    ("llama 8b on a Tesla P40 en", "unknown_gpu", ["Tesla P40"]),
    ("mistral 7b numa RTX A4000 com 8k", "unknown_gpu", ["RTX A4000"]),
    ("qwen3 30b a3b em uma A2", "unknown_gpu", ["A2"]),
    ("llama 70b em duas A16", "unknown_gpu", ["A16"]),
    ("Quantos utilizadores aguenta o llama 8b numa P100?", "unknown_gpu", ["P100"]),
    # ... nor when said by the number alone (a 3,090-token context before), nor AMD's by its (dropped before).
    ("llama 8b numa 3070", "unknown_gpu", ["3070", "RTX 3090"]),
    ("qwen 7b em 2 3060 ti com 8k", "unknown_gpu", ["3060 ti"]),
    ("llama 70b numa AMD MI300X", "unknown_gpu", ["MI300X", "acelerador AMD"]),  # had suggested an RTX 3090
    ("llama 8b numa gaudi 2", "unknown_gpu", ["gaudi 2", "acelerador Intel"]),
    ("llama 70b on 8x mi300x en", "unknown_gpu", ["mi300x", "AMD accelerator"]),
    # A 4-bit llama.cpp cache is no cache sized here (it had made the weights 4-bit).
    (
        "llama 70b kv cache type q4_0",
        "kv_precision_not_vllm",
        ["q4_0", "FP8", "ExLlamaV2"],
    ),  # vLLM has no 4-bit KV cache
]
