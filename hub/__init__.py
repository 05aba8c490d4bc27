"""Models the catalogue lacks, read from the Hugging Face Hub: config.json, the quantization config and the
safetensors headers of a repo become a plain architecture and checkpoint description for the engine
(sizing.names.ModelSource). The engine itself never touches the network."""
