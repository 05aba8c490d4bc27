"""Small things customers ask that had missed: what we rent asked in any order of words, through gpu-size."""

from __future__ import annotations

import pytest

from tests.gpu_size_run import answer


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
