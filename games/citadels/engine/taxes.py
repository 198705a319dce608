"""The taxes a build owes: the classic Tax Collector (rank 2) and the 2016 Tax
Collector (rank 9). Below building.place, which calls `after_build`.

Rules: citadels.fr.txt (Percepteur) and the 2016 rulebook (Tax Collector).
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine.common import acting, holder


def after_build(state: dict, seat: int) -> None:
    """Consequences of a build for other characters."""
    tax(state, seat)
    tax_build(state, seat)


# Tax Collector (classic, rank 2) -------------------------------------------------


def tax(state: dict, seat: int) -> None:
    """After a player builds in a turn, 1 gold to the revealed Tax Collector, once
    a turn, if the player has any (citadels.fr.txt)."""
    revealed_by = holder(state, "tax_collector")
    collector = acting(state, "tax_collector")
    turn = state["turn"]
    if (
        state["edition"] != "classic"
        or collector is None
        or collector == seat
        or ch.char_id("tax_collector") not in state["players"][revealed_by]["revealed"]
        or turn.get("taxed")
    ):
        return
    turn["taxed"] = True
    if state["players"][seat]["gold"] > 0:
        state["players"][seat]["gold"] -= 1
        state["players"][collector]["gold"] += 1


# Tax Collector (2016, rank 9): every build puts 1 gold of the builder (if any)
# on the Tax Collector, whether or not it is in play this round, paid or not
# (Framework, Necropolis...); not during the Tax Collector's own turn. With 2-3
# players, his player is taxed during his other character's turn. When the
# Magistrate confiscates the district, the Magistrate pays the tax instead of the
# builder. Its holder takes the pile during the turn (chars2016.collect_taxes).
# 2016 rulebook (Tax Collector).


def tax_build(state: dict, seat: int, *, payer: int | None = None) -> None:
    if state["edition"] != "2016" or "tax_collector" not in state["lineup"]:
        return
    if payer is None:
        if state["turn"]["char"] == "tax_collector":
            return  # the Tax Collector himself is not taxed
        payer = seat
    if state["players"][payer]["gold"] > 0:
        state["players"][payer]["gold"] -= 1
        state["tax_pool"] += 1
