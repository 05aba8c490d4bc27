"""gpu-sizer's engine: memory arithmetic for serving, fine-tuning and training LLMs, and GPU advice.

Pure functions over the data files in sizing/data: no Slack, no network, no database.
"""
