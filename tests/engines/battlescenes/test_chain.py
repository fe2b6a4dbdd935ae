"""4.8.3.1's complex example: Kraven's Impossível de se Ver on two Mulher-Hulk, 8→4→6→3."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.content.schema import Modifier, Text
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import shields, zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid

X = "excentricidade"


def table() -> State:
    state = build(
        Side(
            scene=[
                Placed("kraven_v1", ["cubo_cosmico", "impossivel_de_se_ver", X, X]),
                Placed("ultron_6_v1", [X, X, X]),
            ]
        ),  # stands in for Soprano V1
        Side(
            scene=[
                Placed(
                    "mulher_hulk_v1",
                    ["rir_do_perigo", "mulher_hulk_v2", "cubo_cosmico", "barreira_telecinetica"],
                ),
                Placed("mulher_hulk_v1", ["rir_do_perigo", "mulher_hulk_v2", X, X, X]),
                Placed("veiculo_shield_v3", [X, X, X]),
            ]
        ),
        phase=Phase.PREPARATION,
        scenario="manchete_do_clarim",
    )
    defs = dict(state.defs)
    # Texts the rulebook describes but the starter pack does not ship this way:
    # Barreira Telecinética's −1 to its controller's characters, Soprano's +1 to the chosen
    # affiliation (Quarteto Fantástico), and the Mulher-Hulk's affiliation.
    barreira = Text("−1", modifiers=(Modifier("add", -1, applies_to="friendly"),))
    soprano = Text(
        "+1",
        modifiers=(
            Modifier("add", 1, applies_to="any", if_target_affiliation="Quarteto Fantástico"),
        ),
    )
    defs["barreira_telecinetica"] = replace(defs["barreira_telecinetica"], texts=(barreira,))
    defs["ultron_6_v1"] = replace(defs["ultron_6_v1"], texts=(soprano,))
    defs["mulher_hulk_v1"] = replace(defs["mulher_hulk_v1"], affiliations=("Quarteto Fantástico",))
    state = replace(state, defs=defs)
    mh1, mh2 = sid(state, "mulher_hulk_v1", 1, 0), sid(state, "mulher_hulk_v1", 1, 1)
    marks = (
        Continuous(sid(state, "kraven_v1"), mh2, "mark"),  # Kraven's effect on MH2
        Continuous(state.scenario or 0, mh1, "mark"),  # Manchete do Clarim on MH1
    )
    return replace(state, continuous=marks)


def test_kraven_chain_8_4_redirect_6_3() -> None:
    state = table()
    mh1, mh2 = sid(state, "mulher_hulk_v1", 1, 0), sid(state, "mulher_hulk_v1", 1, 1)
    state, events = act(
        state, 0, UseAction(sid(state, "kraven_v1"), "Impossível de se Ver", str(mh2))
    )
    # A+B: 3 (1 + Impossível's own +2) −1 Barreira +4 Kraven +1 Cubo +1 Soprano = 8;
    # C: Rir do Perigo on MH2 halves it to 4; E: player A may redirect.
    assert state.choice is not None and state.choice.seat == 1
    state, events = act(state, 1, Choose(str(mh1)))
    redirected = [e for e in events if e.key == "battlescenes.event.redirected"]
    # F.B: Manchete do Clarim +2 → 6 (Barreira, Cubo, Soprano already applied);
    # F.C: MH1's Rir do Perigo → 3.
    assert redirected[0].params["amount"] == 3
    # F.E: MH1's own redirect may still send it on (to MH2 or the vehicle); A keeps it.
    assert state.choice is not None and "skip" in state.choice.options
    state, events = act(state, 1, Choose("skip"))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit[0].params["card"] == "Mulher-Hulk V1" and hit[0].params["amount"] == 3
    assert shields.shield(state, zones.in_scene(state, mh1)) == 0


def test_f_e_with_several_redirects_the_active_player_chooses() -> None:
    # 4.8.3.1 F.E: at 3 on MH1 both MH1's own redirect (to MH2 or the vehicle) and the
    # vehicle's (its text is directed to MH1) could apply: "a escolha em relação ao
    # redirecionamento cabe ao Jogador Ativo" — player B (Kraven's, seat 0 here).
    state = table()
    mh1, mh2 = sid(state, "mulher_hulk_v1", 1, 0), sid(state, "mulher_hulk_v1", 1, 1)
    vehicle = sid(state, "veiculo_shield_v3")
    state = replace(state, continuous=(*state.continuous, Continuous(vehicle, mh1, "mark")))
    state, _ = act(state, 0, UseAction(sid(state, "kraven_v1"), "Impossível de se Ver", str(mh2)))
    # E on MH2: only MH2's own redirect applies: player A decides.
    assert state.choice is not None and state.choice.seat == 1
    state, _ = act(state, 1, Choose(str(mh1)))
    assert state.choice is not None and state.choice.seat == 0
    assert state.choice.prompt == "battlescenes.choice.redirect_which"
    own = zones.in_scene(state, mh1).loaded[1]  # MH1's Mulher-Hulk V2 grants its redirect
    assert set(state.choice.options) == {
        f"{own}>{mh2}",
        f"{own}>{vehicle}",
        f"{vehicle}>{vehicle}",
        "skip",
    }
    state, events = act(state, 0, Choose(f"{vehicle}>{vehicle}"))
    # The vehicle's redirect is spent; on the vehicle no other effect applies: 3 damage.
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit[0].params["card"] == "Veículo de Combate S.H.I.E.L.D. V3"
    assert hit[0].params["amount"] == 3
    assert state.choice is None


def test_f_e_declining_spends_every_redirect_offered() -> None:
    state = table()
    mh1, mh2 = sid(state, "mulher_hulk_v1", 1, 0), sid(state, "mulher_hulk_v1", 1, 1)
    vehicle = sid(state, "veiculo_shield_v3")
    state = replace(state, continuous=(*state.continuous, Continuous(vehicle, mh1, "mark")))
    state, _ = act(state, 0, UseAction(sid(state, "kraven_v1"), "Impossível de se Ver", str(mh2)))
    state, _ = act(state, 1, Choose(str(mh1)))
    state, events = act(state, 0, Choose("skip"))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit[0].params["card"] == "Mulher-Hulk V1" and state.choice is None
