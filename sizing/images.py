"""Images in a conversation with a vision-language model: how many tokens each one becomes, and what its
encoding holds in memory.

Each model family turns an image into tokens by its own preprocessing, described in its catalogue entry
(catalog.ImageRule, one `source` per model in models.toml). The rules, written from those sources:
- merged_patches (Qwen2.5-VL; transformers image_processing_qwen2_vl, smart_resize): each side is rounded
  to a multiple of patch x merge pixels (28); when that holds more than max_pixels, the image is scaled down
  (each side floored to a multiple of 28) to fit, and scaled up (ceilinged) to reach min_pixels. Every
  merge x merge group of patch-pixel patches is one token: (h / 28) x (w / 28) tokens.
- fixed (LLaVA 1.5, Gemma 3): the image is resized or cropped to the encoder's own size; always `tokens`.
- patch_rows (Pixtral; mistral_common tokens/tokenizers/image.py, ImageEncoder._image_to_num_tokens): the
  image is scaled so its longest side is at most max_side (each side rounded), then ceil(w / 16) tokens a
  row and ceil(h / 16) rows, each row followed by a break token (the last one by the end token).
- tiles (InternVL2.5; the model card's dynamic_preprocess and find_closest_aspect_ratio): of every grid of
  1 to max_tiles tiles, the one whose aspect ratio is closest to the image's; on a tie the grid with more
  tiles wins while the image's area exceeds half of that grid's. A thumbnail of the whole image is added
  when there are several tiles; `tokens` per tile.
- cross_tiles (Llama 3.2 Vision; transformers image_processing_mllama, get_optimal_tiled_canvas): of the
  canvases of up to max_tiles tiles, the one that needs the least upscaling (or, when every one needs
  downscaling, the least downscaling; the smallest area on a tie); `tokens` per tile, which the model reads
  through its cross-attention layers.

What encoding holds: vLLM (V1) reserves, before the KV cache, the activations of the vision encoder run on
as many images *of the largest size the model accepts* as its encoder budget holds (max_num_batched_tokens,
or one image when an image is larger: vllm/v1/core/encoder_cache_manager.py compute_mm_encoder_budget; the
batch of images: MultiModalBudget, max(1, budget // tokens of the largest image); profiled in
vllm/v1/worker/gpu_model_runner.py profile_run, "profiled with N image items of the maximum feature
size"), and keeps their outputs (the encoder cache) through the language model's own dummy pass.
"""

from __future__ import annotations

import math

import msgspec

from .architecture import Architecture
from .catalog import ImageRule

ACTIVATION_BYTES = 2  # the encoder runs in BF16 whatever the language model's weight format
MAX_ASPECT = 200  # Qwen2.5-VL refuses images more than 200 times longer than wide (smart_resize)


class ImageTokens(msgspec.Struct, frozen=True):
    """What one image of a given size becomes for one model."""

    context: int  # tokens it takes in the conversation's own context (markers included)
    cross: int  # tokens it keeps in the cross-attention layers (Llama 3.2 Vision), else 0
    embeds: int  # encoder outputs the language model reads (what vLLM's encoder cache counts)
    encoder: int  # tokens the vision transformer runs over
    grid: tuple[int, int]  # rows x columns of tokens (merged_patches, patch_rows) or of tiles (tiles, cross)
    tiles: int = 0  # tiles, thumbnail included (tiles, cross_tiles)


def tokens(rule: ImageRule, width: int, height: int) -> ImageTokens:
    """The tokens one `width` x `height` image becomes for a model with this rule."""
    if rule.kind == "merged_patches":
        factor = rule.patch * rule.merge
        h, w = _smart_resize(height, width, factor, rule.min_pixels, rule.max_pixels)
        rows, cols = h // factor, w // factor
        embeds = rows * cols
        return ImageTokens(embeds + rule.special_tokens, 0, embeds, embeds * rule.merge**2, (rows, cols))
    if rule.kind == "fixed":
        return ImageTokens(rule.tokens + rule.special_tokens, 0, rule.tokens, rule.encoder_tokens, (0, 0))
    if rule.kind == "patch_rows":
        ratio = max(width / rule.max_side, height / rule.max_side)
        w, h = (round(width / ratio), round(height / ratio)) if ratio > 1 else (width, height)
        block = rule.patch * rule.merge
        cols, rows = (w - 1) // block + 1, (h - 1) // block + 1
        embeds = rows * cols
        # A break token after each row, the last one being the end token.
        return ImageTokens(
            embeds + rows + rule.special_tokens, 0, embeds, embeds * rule.merge**2, (rows, cols)
        )
    if rule.kind == "tiles":
        cols, rows = _closest_grid(width, height, rule.tile, rule.max_tiles)
        count = cols * rows + (1 if rule.thumbnail and cols * rows > 1 else 0)
        embeds = count * rule.tokens
        return ImageTokens(
            embeds + rule.special_tokens, 0, embeds, count * rule.encoder_tokens, (rows, cols), count
        )
    if rule.kind == "cross_tiles":
        rows, cols = _least_scaled_canvas(width, height, rule.tile, rule.max_tiles)
        count = rows * cols
        held = count * rule.tokens
        return ImageTokens(rule.special_tokens, held, held, count * rule.encoder_tokens, (rows, cols), count)
    raise ValueError(f"no image-token rule for kind {rule.kind!r}")


# A video, as qwen-vl-utils samples it for the Qwen2-VL/2.5-VL/3-VL models (vision_process.py, the helper their
# model cards feed videos through): FPS = 2.0 frames a second unless said, at least FPS_MIN_FRAMES = 4 and at
# most FPS_MAX_FRAMES = 768 frames, the count rounded to FRAME_FACTOR = 2; each frame resized (as an image is)
# within VIDEO_MIN_PIXELS = 128 and VIDEO_MAX_PIXELS = 768 blocks of 28×28 pixels, and to at most
# VIDEO_TOTAL_PIXELS (128000 × 28 × 28 × 0.9, its default) ÷ frames × FRAME_FACTOR. config.json's
# vision_config.temporal_patch_size = 2: two frames make one block of tokens. Counted in blocks, so a model
# with other blocks (Qwen3-VL's 32 pixels) keeps the same token bounds.
VIDEO_FPS = 2.0
VIDEO_FRAMES = (4, 768)
FRAME_FACTOR = 2
VIDEO_BLOCKS = (128, 768)
VIDEO_TOTAL_BLOCKS = 128000 * 0.9


class VideoTokens(msgspec.Struct, frozen=True):
    """What one video becomes: its frames, the blocks of FRAME_FACTOR frames, and one frame's tokens."""

    frames: int
    fps: float
    # one block's tokens (two frames merged in time), at the frame size the model resizes the video to
    frame: ImageTokens

    @property
    def blocks(self) -> int:
        return self.frames // FRAME_FACTOR

    def whole(self, rule: ImageRule) -> ImageTokens:
        """The video as one input: every block's tokens, its markers once."""
        n, f = self.blocks, self.frame
        return ImageTokens(n * f.embeds + rule.special_tokens, 0, n * f.embeds, n * f.encoder, f.grid, 0)


def video(rule: ImageRule, seconds: float, fps: float | None, width: int, height: int) -> VideoTokens:
    """The tokens a `seconds`-long video of `width` x `height` becomes for a merged_patches model."""
    fps = fps or VIDEO_FPS
    least, most = VIDEO_FRAMES
    frames = min(max(seconds * fps, least), most)
    frames = max(FRAME_FACTOR, round(frames / FRAME_FACTOR) * FRAME_FACTOR)
    block = (rule.patch * rule.merge) ** 2
    low, high = VIDEO_BLOCKS
    cap = max(min(high * block, VIDEO_TOTAL_BLOCKS * block / frames * FRAME_FACTOR), int(low * block * 1.05))
    sized = msgspec.structs.replace(rule, min_pixels=low * block, max_pixels=int(cap))
    return VideoTokens(frames=int(frames), fps=fps, frame=tokens(sized, width, height))


def largest(rule: ImageRule) -> ImageTokens:
    """The image with the most tokens the model accepts: what vLLM sizes its encoder's reserve for."""
    if rule.kind == "merged_patches":
        factor = rule.patch * rule.merge
        side = math.isqrt(rule.max_pixels) // factor * factor  # the largest square within max_pixels
        return tokens(rule, side, side)
    if rule.kind == "patch_rows":
        return tokens(rule, rule.max_side, rule.max_side)
    if rule.kind == "tiles":
        # A grid of max_tiles tiles (or the largest product below it) and its thumbnail.
        cols = max(
            c for c in range(1, rule.max_tiles + 1) if rule.max_tiles % c == 0 and c * c <= rule.max_tiles
        )
        rows = rule.max_tiles // cols
        return tokens(rule, cols * rule.tile, rows * rule.tile)
    if rule.kind == "cross_tiles":
        return tokens(rule, rule.max_tiles * rule.tile, rule.tile)  # a strip of max_tiles tiles, unscaled
    return tokens(rule, rule.tile or 1, rule.tile or 1)


class EncoderReserve(msgspec.Struct, frozen=True):
    """What vLLM reserves for encoding images, per GPU (module docstring)."""

    images: int  # images of the largest size encoded in one step
    tokens_each: int  # the language model's tokens (encoder outputs) of each
    peak: int  # bytes: the encoder's activations over those images
    cache: int  # bytes: their outputs, kept through the language model's dummy pass


def reserve(rule: ImageRule, a: Architecture, budget_tokens: int, tp: int = 1) -> EncoderReserve:
    """vLLM's encoder reserve for this model with max_num_batched_tokens = `budget_tokens`, on one GPU of a
    tensor-parallel group (the encoder's projections are split like the language model's)."""
    big = largest(rule)
    budget = max(budget_tokens, big.embeds)
    images = max(1, budget // big.embeds)
    return EncoderReserve(
        images=images,
        tokens_each=big.embeds,
        peak=encoder_peak(rule, images * big.encoder, tp),
        cache=images * big.embeds * a.hidden_size * ACTIVATION_BYTES,
    )


def encoder_peak(rule: ImageRule, encoder_tokens: int, tp: int = 1) -> int:
    """Transient activations of the vision transformer over `encoder_tokens` tokens: the largest live set
    inside one layer, as sizing/serving.forward_peak counts it for the language model (the residual stream
    and norm output, a few x hidden; q, k and v; the MLP's gate/up outputs and activation), attention run
    by memory-efficient kernels (no tokens x tokens matrix)."""
    h, width = rule.encoder_hidden, rule.encoder_intermediate
    mlp = (3 if rule.encoder_mlp == "gated" else 2) * width
    return math.ceil(encoder_tokens * ACTIVATION_BYTES * (4 * h + (3 * h + mlp) / tp))


def trained_encoder_bytes(rule: ImageRule, encoder_tokens: int, checkpointing: bool) -> int:
    """What a vision encoder trained with the language model (not frozen) keeps for its backward, over
    `encoder_tokens` tokens: with activation checkpointing each layer's input (tokens x hidden) and one layer
    rebuilt at a time; without it, every layer's working set as encoder_peak counts one. 0 when the
    catalogue has no depth for it."""
    if not rule.encoder_layers:
        return 0
    layer = encoder_peak(rule, encoder_tokens)
    if checkpointing:
        return rule.encoder_layers * encoder_tokens * rule.encoder_hidden * ACTIVATION_BYTES + layer
    return rule.encoder_layers * layer


def _smart_resize(height: int, width: int, factor: int, min_pixels: int, max_pixels: int) -> tuple[int, int]:
    """Qwen2.5-VL's resize (transformers image_processing_qwen2_vl.smart_resize): sides rounded to multiples
    of `factor`, then scaled into [min_pixels, max_pixels] keeping the aspect ratio."""
    h = max(factor, round(height / factor) * factor)
    w = max(factor, round(width / factor) * factor)
    if max_pixels and h * w > max_pixels:
        beta = math.sqrt(height * width / max_pixels)
        h = max(factor, math.floor(height / beta / factor) * factor)
        w = max(factor, math.floor(width / beta / factor) * factor)
    elif min_pixels and h * w < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h = math.ceil(height * beta / factor) * factor
        w = math.ceil(width * beta / factor) * factor
    return h, w


def _closest_grid(width: int, height: int, tile: int, most: int) -> tuple[int, int]:
    """InternVL's tiling (columns, rows): the grid of 1 to `most` tiles closest to the image's aspect ratio;
    on a tie, the one with more tiles while the image's area exceeds half of its area."""
    aspect = width / height
    grids = sorted(
        {
            (c, r)
            for n in range(1, most + 1)
            for c in range(1, n + 1)
            for r in range(1, n + 1)
            if c * r <= most
        },
        key=lambda g: g[0] * g[1],
    )
    best, best_diff = (1, 1), float("inf")
    for cols, rows in grids:
        diff = abs(aspect - cols / rows)
        if diff < best_diff:
            best, best_diff = (cols, rows), diff
        elif diff == best_diff and width * height > 0.5 * tile * tile * cols * rows:
            best = (cols, rows)
    return best


def _least_scaled_canvas(width: int, height: int, tile: int, most: int) -> tuple[int, int]:
    """Llama 3.2 Vision's canvas (rows, columns of tiles): the one needing the least upscaling, or, when
    every canvas needs downscaling, the least downscaling; the smallest canvas on a tie."""
    canvases = [(r, c) for r in range(1, most + 1) for c in range(1, most + 1) if r * c <= most]
    scales = {g: min(g[0] * tile / height, g[1] * tile / width) for g in canvases}
    up = [s for s in scales.values() if s >= 1]
    chosen = min(up) if up else max(scales.values())
    return min((g for g, s in scales.items() if s == chosen), key=lambda g: g[0] * g[1])


def megapixels(width: int, height: int) -> float:
    return width * height / 1e6


def side_from_megapixels(mp: float) -> tuple[int, int]:
    """A photo of `mp` megapixels at 4:3, the shape of phone and camera sensors."""
    width = round(math.sqrt(mp * 1e6 * 4 / 3))
    return width, round(width * 3 / 4)


def aspect_ok(width: int, height: int) -> bool:
    return max(width, height) / min(width, height) <= MAX_ASPECT
