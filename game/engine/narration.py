"""Narration: the English line of every event, built from its kind and data (and its turn).

Events are data (`game.engine.events`); this module is the one place that turns them into words
for the log panel, headless output and the saves' readers. Each kind has a sentence template with
named fields, filled from the event's data with `str.format` (`TEMPLATES`; `VARIANTS` where
a field picks the sentence), or a small function where the sentence is made of parts (a
breakdown, an optional clause). `TEMPLATES` and `VARIANTS`, the sentences themselves, are
data tables in `game/engine/sentences.py`. Every template passes
through `_` (today the identity), so a translation can later swap whole sentences without
touching the engine. The fingerprint of a game (`events_sha256`) does not cover these
words: a wording fix changes no save.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.engine.sentences import TEMPLATES, VARIANT_KEYS, VARIANTS, _
from game.rules.wording import counted

Data = Mapping[str, Any]


# == words shared by several sentences ==========================================================
SUPPORT_WEAPONS = {
    "saw": "SAW",
    "rgl": "RGL",
    "l_support": "light support weapon",
    "mg": "MG",
    "hmg": "HMG",
    "rpg": "RPG",
    "at_rpg": "AT RPG",
    "sniper": "sniper rifle",
    "smaw": "SMAW",  # --- support assets (issue 19) ---
    "dshk": "DShK",  # --- cards (issue 19): Dishkuh! ---
}


def weapon_words(kind: str) -> str:
    """A figure kind's weapon as the log names it: "rpg" -> "RPG"."""
    return SUPPORT_WEAPONS[kind] if kind in SUPPORT_WEAPONS else kind.replace("_", " ")


def figure_words(kind: str, weapon: str = "") -> str:
    """A figure as the log names it: "rifleman", "RPG gunner", "leader with the MG"."""
    if kind == "leader":
        return f"leader with the {weapon_words(weapon)}" if weapon else "leader"
    if kind in ("small_arms", "rifle"):
        return "rifleman"
    if kind in SUPPORT_WEAPONS:
        return f"{weapon_words(kind)} gunner"
    return kind.replace("_", " ")


def shown(die: str, face: int, modifier: int = 0) -> str:
    """One test die as the log shows it: "d8=5", "d6=3+1"."""
    return f"{die}={face}{f'{modifier:+d}' if modifier else ''}"


def test_shown(d: Data, prefix: str = "") -> str:
    return shown(d[prefix + "die"], d[prefix + "face"], d.get(prefix + "modifier", 0))


def breakdown_words(b: Data) -> str:
    """A Firepower or Defense pool with its reasons: "Optimum Range +3 Leader +1 = 4"."""
    items = b["items"]
    text = " ".join(f"{r} {a:+d}" for r, a in items)
    if sum(a for _r, a in items) > b["cap"]:
        text += f" (capped at {b['cap']})"
    text += "".join(f" {r} -{a}" for r, a in b["penalties"])
    return f"{text} = {b['total']}"


REACTION_STANCES = {
    "overwatch": "on Overwatch +1",
    "rapid": "moving Rapidly -1",
    "cautious": "moving Cautiously +1",
    "stationary": "stationary +1",
}

FIRE_MANNERS = {
    "fire": "fires",
    "interrupt": "interrupts with fire",
    "react": "reacts with fire",
    "charge": "fires at the charge",
    "melee": "fights hand to hand",
}

REINFORCEMENT_SOURCES = "(Rulebook: Arrival of Insurgent Reinforcements)"


# == sentences made of parts =====================================================================
def _setup(d: Data, turn: int) -> str:
    title = d["title"]
    return _(
        "{title}{sep} {regulars} Regular and {insurgents} Insurgent units on the table, "
        "{hot_spots} hot spots (Rulebook: Sequence of Play, steps 1-7)"
    ).format(
        title=title.rstrip(":"),
        sep=" —" if title[-1:] in "!?." else ":",
        regulars=d["regulars"],
        insurgents=d["insurgents"],
        hot_spots=d["hot_spots"],
    )


def _fire(d: Data, turn: int) -> str:
    manner = FIRE_MANNERS[d["manner"]]
    if d.get("split_figures"):
        manner = _("{manner} (split fire, {figures})").format(
            manner=manner, figures=counted(d["split_figures"], "figure")
        )
    if d.get("thermobaric"):  # support assets (issue 19): the SMAW card (R194)
        manner = _("{manner} (a SMAW: no cover dice, R194)").format(manner=manner)
    return _(
        "T{turn} {firer_name} {manner} at {target_name} (Rulebook: Making the Attack Roll): "
        "Firepower {fp} → {firepower}{firepower_die} {firepower_faces}; "
        "Defense {df} → {defense}{defense_die} {defense_faces}; {lost}"
    ).format(
        turn=turn,
        manner=manner,
        fp=breakdown_words(d["firepower_breakdown"]),
        df=breakdown_words(d["defense_breakdown"]),
        lost=counted(d["casualties"], "casualty", "casualties"),
        firer_name=d["firer_name"],
        target_name=d["target_name"],
        firepower=d["firepower"],
        firepower_die=d["firepower_die"],
        firepower_faces=list(d["firepower_faces"]),
        defense=d["defense"],
        defense_die=d["defense_die"],
        defense_faces=list(d["defense_faces"]),
    )


def take_up_words(t: Data) -> str:
    name = weapon_words(t["weapon"])
    if t["outcome"] == "nobody":
        return _("; nobody left can take up the {name}: it is lost").format(name=name)
    test = shown(t["die"], t["face"], t["modifier"])
    if t["outcome"] == "failed":
        return _("; Quality Check {test}: failed, the {name} is lost").format(test=test, name=name)
    if t["outcome"] == "leader":
        return _("; Quality Check {test}: the leader {carrier} takes up the {name}").format(
            test=test, carrier=t["carrier"], name=name
        )
    return _("; Quality Check {test}: {carrier} takes up the {name}").format(
        test=test, carrier=t["carrier"], name=name
    )


def _casualty(d: Data, turn: int) -> str:
    if d["side"] == "regular":
        return _("{unit_name}: {figure} is hit and stops counting until First Aid (R27)").format(
            **d
        )
    text = _("{unit_name}: {figure} ({words}) is a casualty and is removed").format(
        words=figure_words(d["figure_kind"], d["figure_weapon"]), **d
    )
    if d["leaderless"]:
        text += _("; the unit is now leaderless")
    if d.get("take_up"):
        text += take_up_words(d["take_up"])
    return text + " (Rulebook: Who Got Hit?)"


def _first_aid(d: Data, turn: int) -> str:
    if d["cause"] == "left_behind":
        return _(
            "{unit_name} is out of action: {figure} left on the field, d6={face} → {result} "
            "(R27; R58)"
        ).format(
            unit_name=d["unit_name"],
            figure=d["figure"],
            face=d["face"],
            result=d["result"].upper(),
        )
    table = _("Medic First Aid Table") if d["medic"] else _("Standard First Aid Table")
    if d["result"] == "slight":
        verdict = _("slight wound, back next turn")
    else:
        verdict = _("{result}: removed, carried as a Dependant").format(result=d["result"].upper())
    return _("T{turn} First Aid ({table}): {unit_name} {figure} d6={face} → {verdict}").format(
        turn=turn,
        table=table,
        verdict=verdict,
        unit_name=d["unit_name"],
        figure=d["figure"],
        face=d["face"],
    )


def _morale(d: Data, turn: int) -> str:
    section = (
        _("Regular Morale Effects") if d["side"] == "regular" else _("Insurgent Morale Effects")
    )
    bonus = d["bonus"]
    base = _(
        "T{turn} Morale Check ({section}): {unit_name} {dice}{die}{bonus} {faces}: "
        "{successes}, {failures}"
    ).format(
        turn=turn,
        section=section,
        unit_name=d["unit_name"],
        dice=len(d["faces"]),
        die=d["die"],
        bonus=f"+{bonus}" if bonus else "",
        faces=list(d["faces"]),
        successes=counted(d["successes"], "success", "successes"),
        failures=counted(d["failures"], "failure"),
    )
    result = d["result"]
    if d["side"] != "regular":
        text = base + f" → {result}"
        shrunk = d["shrunk"]
        if shrunk:
            text += _(", {count} {verb} away").format(
                count=shrunk, verb="shrinks" if shrunk == 1 else "shrink"
            )
        return text
    if result == "Stand":
        return base + " → Stand"
    if result == "PullBack":
        return base + _(" → Pinned again: Pull Back (R26)")
    if d["again"]:
        return base + _(
            " → Pinned again, but it holds a defensible position and stays Pinned (R26)"
        )
    return base + _(" → Pinned (Rulebook: Pinned)")


def _move(d: Data, turn: int) -> str:
    text = _('{unit_name} moves {rate} {distance:.1f}" to {at}').format(
        unit_name=d["unit_name"],
        rate=d["rate"].replace("_", " "),
        distance=d["distance"],
        at=f"({d['at'][0]:.1f}, {d['at'][1]:.1f})",
    )
    if d["spotted"]:
        text += _(" and is spotted: the move ends (Rulebook: Out of Contact Movement)")
    return text


def _change_level(d: Data, turn: int) -> str:
    if d["roof"]:
        where = _("up onto the roof of {roof} (elevation {elevation})").format(**d)
    else:
        where = _("down to street level")
    return _("T{turn} {unit_name} goes {where}; that is its move (R10, R83)").format(
        turn=turn, unit_name=d["unit_name"], where=where
    )


def _reaction_test(d: Data, turn: int) -> str:
    first = d["insurgent_first"]
    fields = {
        "turn": turn,
        "insurgent_name": d["insurgent_name"],
        "regular_name": d["regular_name"],
        "insurgent_test": shown(d["insurgent_die"], d["insurgent_face"]),
        "regular_test": shown(d["regular_die"], d["regular_face"], d["regular_modifier"]),
        "stance": REACTION_STANCES[d["stance"]],
    }
    if d["test"] == "overwatch":
        outcome = _("Overwatch fires after") if first else _("Overwatch fires first")
        return _(
            "T{turn} Overwatch Reaction Test (Rulebook: Overwatch): {insurgent_name} "
            "{insurgent_test} vs {regular_name} {regular_test} (on Overwatch +1) → {outcome}"
        ).format(outcome=outcome, **fields)
    if d["test"] == "friend":
        outcome = _("fires after") if first else _("fires first")
        return _(
            "T{turn} Reaction Test for a friend (Rulebook: Regular Reaction to Interruptions): "
            "{insurgent_name} {insurgent_test} vs {regular_name} {regular_test} ({stance}) → "
            "{outcome}; {regular_name} spends its activation"
        ).format(outcome=outcome, **fields)
    outcome = (
        _("Insurgents act first")
        if first
        else _("{regular_name} reacts first").format(regular_name=d["regular_name"])
    )
    return _(
        "T{turn} Reaction Test (Rulebook: The Reaction Test): {insurgent_name} "
        "{insurgent_test} vs {regular_name} {regular_test} ({stance}) → {outcome}"
    ).format(outcome=outcome, **fields)


def _overwatch_holds(d: Data, turn: int) -> str:
    names = d["holding_names"]
    return _("{names} on Overwatch {verb} fire at {insurgent_name} (Rulebook: Overwatch)").format(
        names=", ".join(names),
        verb="holds" if len(names) == 1 else "hold",
        insurgent_name=d["insurgent_name"],
    )


def _unit_exits(d: Data, turn: int) -> str:
    text = _("{unit_name} leaves the table by the {edge} edge").format(**d)
    if d["dependants"]:
        text += _(" with {dependants}").format(dependants=counted(d["dependants"], "Dependant"))
    return text


def _dependants_handed_off(d: Data, turn: int) -> str:
    return _(
        "{unit_name} hands {count} off at the friendly edge "
        "(Rulebook: Disposing of Dependants & Casualties)"
    ).format(unit_name=d["unit_name"], count=counted(d["count"], "Dependant"))


def _merged(d: Data, turn: int) -> str:
    return _(
        "T{turn} {merged_name} merges into {unit_name}: {figures}, Troop Quality {quality}, "
        "Morale {morale} (Rulebook: Merging Units; Mixed Units)"
    ).format(
        turn=turn,
        merged_name=d["merged_name"],
        unit_name=d["unit_name"],
        figures=counted(d["figures"], "figure"),
        quality=d["quality"],
        morale=d["morale"],
    )


def _wounded_at_end(d: Data, turn: int) -> str:
    count = d["count"]
    return _("{unit_name}: {waiting} still awaiting First Aid {verb} as wounded (R69)").format(
        unit_name=d["unit_name"],
        waiting=counted(count, "hit figure"),
        verb="counts" if count == 1 else "count",
    )


def _game_end(d: Data, turn: int) -> str:
    sides = {"regular": _("the Regulars"), "insurgent": _("the Insurgents")}
    winner = d["winner"]
    if winner in sides:
        verdict = _("a {margin} victory for {side}").format(margin=d["margin"], side=sides[winner])
    else:
        verdict = _("{margin}, no side wins").format(margin=d["margin"])
    return _(
        "Game over after turn {turn}: {reason}. Regulars {vp_regular} VP, "
        "Insurgents {vp_insurgent} VP: {verdict} (Rulebook: Victory Points, Margin of Victory)"
    ).format(
        turn=turn,
        reason=d["reason"],
        vp_regular=d["vp_regular"],
        vp_insurgent=d["vp_insurgent"],
        verdict=verdict,
    )


def _insurgency_level(d: Data, turn: int) -> str:
    if d["face"] is None:
        head = _("Insurgency Level is automatic: reinforcements arrive")
    else:
        head = _("Insurgency Level roll d6={face} vs {level}: {outcome}").format(
            face=d["face"],
            level=d["level"],
            outcome=_("reinforcements arrive") if d["arrive"] else _("no reinforcements"),
        )
    return _("T{turn} {head} (Rulebook: Arrival of Insurgent Reinforcements, R20)").format(
        turn=turn, head=head
    )


def reinforcement_row_words(row: Data) -> str:
    """A row of the Reinforcement table: "2d6+1 small arms + leader + 1 RPG, roll again"."""
    parts: list[str] = []
    if row["small_arms_dice"]:
        bonus = f"+{row['small_arms_bonus']}" if row["small_arms_bonus"] else ""
        parts.append(
            _("{dice}d6{bonus} small arms").format(dice=row["small_arms_dice"], bonus=bonus)
        )
    if row["leader"]:
        parts.append(_("leader"))
    if row["light_support"]:
        parts.append(_("{count} light support").format(count=row["light_support"]))
    if row["rpgs"]:
        parts.append(_("{count} RPG").format(count=row["rpgs"]))
    text = " + ".join(parts)
    return _("{row}, roll again").format(row=text) if row["roll_again"] else text


def _reinforcement_roll(d: Data, turn: int) -> str:
    a, b = d["table_faces"]
    text = f"2d6={a}+{b}={a + b}: {reinforcement_row_words(d['row'])}"
    if d["small_arms_faces"]:
        text += _(" (small arms d6 {faces})").format(faces=list(d["small_arms_faces"]))
    if d["rpg_faces"]:
        kinds = ", ".join(
            _("anti-tank") if anti_tank else _("standard") for anti_tank in d["rpg_anti_tank"]
        )
        text += _(" (RPG type d6 {faces}: {kinds}; 5-6 is anti-tank)").format(
            faces=list(d["rpg_faces"]), kinds=kinds
        )
    if d["leaderless_face"] is not None:
        text += _("; leader d6={face} ({outcome})").format(
            face=d["leaderless_face"],
            outcome=_("a leader") if d["has_leader"] else _("leaderless"),
        )
    return _("T{turn} Reinforcement table {text}").format(turn=turn, text=text)


def _reinforcements_lost(d: Data, turn: int) -> str:
    lost = {
        "no_spot_left": _("Hot spot d6={face} (Insurgents' choice): no hot spot is left"),
        "neutralized": _("Hot spot d6={face}: hot spot {face} is neutralized"),
        "not_on_table": _("Hot spot d6={face}: hot spot {face} is not on the table"),
    }[d["cause"]].format(face=d["face"])
    return _("{lost}; the group is lost {source}").format(lost=lost, source=REINFORCEMENT_SOURCES)


def _reinforcements_arrive(d: Data, turn: int) -> str:
    return _(
        "{roll}: {unit_name} ({figures}{leader}) arrives at hot spot {hot_spot} {source}"
    ).format(
        roll=_(
            "Hot spot d6={face} (Insurgents' choice)" if d["face"] == 6 else "Hot spot d6={face}"
        ).format(face=d["face"]),
        unit_name=d["unit_name"],
        figures=counted(d["figures"], "figure"),
        leader=_(", with a leader") if d["has_leader"] else _(", leaderless"),
        hot_spot=d["hot_spot"],
        source=REINFORCEMENT_SOURCES,
    )


def _hot_spots_placed(d: Data, turn: int) -> str:
    where = ", ".join(f"{n} at ({x:.1f}, {y:.1f})" for n, x, y in d["spots"])
    return _(
        'The map places no hot spots: five are placed in or beside buildings and walls, 6" '
        "apart: {where} (Rulebook: Hot Spots in Solo Games; R79)"
    ).format(where=where)


# --- house clearing (issue 21) ---
def _building_clearance(d: Data, turn: int) -> str:
    head = _(
        "T{turn} {unit_name} clears {building_name}: d6={level_face} vs Insurgency Level {level}"
    ).format(turn=turn, **d)
    if d["face"] is None:
        body = _(
            "the building is empty of hostiles; cleared, no casualties, the unit's turn is spent"
        )
    else:
        mods = ", ".join(f"{why} {value:+d}" for why, value in d["modifiers"])
        body = _("hostiles may be inside: Quality {die}={face} ({mods}) = {total}").format(
            die=d["die"], face=d["face"], mods=mods, total=d["total"]
        )
        bits = [
            _("{n} potential casualt{y}").format(
                n=d["casualties"], y="y" if d["casualties"] == 1 else "ies"
            )
            if d["casualties"]
            else _("no casualties"),
            _("cleared") if d["cleared"] else _("NOT cleared, it tries again next turn"),
        ]
        if d["loses_next_turn"]:
            bits.append(_("the unit loses its next turn"))
        body = f"{body}: {', '.join(bits)}"
    return _("{head}; {body} (Rulebook: House Clearing, Building Clearance Table)").format(
        head=head, body=body
    )


def _building_held(d: Data, turn: int) -> str:
    return _(
        "{building_name} is held by {units} with no Insurgent inside: it counts as cleared "
        "(Rulebook: House Clearing; R245)"
    ).format(building_name=d["building_name"], units=" and ".join(d["units"]))


def _clearing_casualty_check(d: Data, turn: int) -> str:
    outcome = (
        _("failed: left inside, a POW if the unit withdraws before the building is cleared")
        if d["left_inside"]
        else _("passed: carried out")
    )
    return _(
        "{unit_name}: casualty {figure} of the clearing, Quality Test {test}: {outcome} "
        "(Rulebook: House Clearing; R247)"
    ).format(unit_name=d["unit_name"], figure=d["figure"], test=test_shown(d), outcome=outcome)


# == one sentence per kind =======================================================================
Sentence = Callable[[Data, int], str]

SENTENCES: dict[str, Sentence] = {
    K.SETUP: _setup,
    K.HOT_SPOTS_PLACED: _hot_spots_placed,
    K.FIRE: _fire,
    K.CASUALTY: _casualty,
    K.FIRST_AID: _first_aid,
    K.MORALE: _morale,
    K.MOVE: _move,
    K.CHANGE_LEVEL: _change_level,
    K.REACTION_TEST: _reaction_test,
    K.OVERWATCH_HOLDS: _overwatch_holds,
    K.UNIT_EXITS: _unit_exits,
    K.DEPENDANTS_HANDED_OFF: _dependants_handed_off,
    K.MERGED: _merged,
    K.WOUNDED_AT_END: _wounded_at_end,
    K.GAME_END: _game_end,
    K.INSURGENCY_LEVEL: _insurgency_level,
    K.REINFORCEMENT_ROLL: _reinforcement_roll,
    K.REINFORCEMENTS_LOST: _reinforcements_lost,
    K.REINFORCEMENTS_ARRIVE: _reinforcements_arrive,
    K.BUILDING_CLEARANCE: _building_clearance,  # house clearing (issue 21)
    K.BUILDING_HELD: _building_held,  # house clearing (issue 21)
    K.CLEARING_CASUALTY_CHECK: _clearing_casualty_check,  # house clearing (issue 21)
}


def narrate(kind: str, data: Data, turn: int = 0) -> str:
    """The English line of one event (its kind, its data and the turn it happened in)."""
    sentence = SENTENCES.get(kind)
    if sentence is not None:
        return sentence(data, turn)
    fields = {"turn": turn, **data}
    if "die" in data and "face" in data:  # the event's one test die, as "d8=5+1"
        fields["test"] = test_shown(data)
    if "firepower_breakdown" in data:
        fields["firepower"] = breakdown_words(data["firepower_breakdown"])
    variant = VARIANT_KEYS.get(kind)
    if variant is not None:
        return VARIANTS[(kind, *(data[key] for key in variant))].format(**fields)
    template = TEMPLATES.get(kind)
    if template is not None:
        return template.format(**fields)
    return f"{kind} {dict(data)}"


def narrate_event(event: Mapping[str, Any]) -> str:
    """The line of a stored event (`{"seq", "turn", "kind", "data", ...}`)."""
    return narrate(str(event["kind"]), event.get("data", {}) or {}, int(event.get("turn", 0)))


# --- support assets (issue 19) ---
from game.engine import asset_narration  # noqa: E402  (its sentences need `breakdown_words`)

SENTENCES.update(asset_narration.SENTENCES)


# --- cards (issue 19): the card events' sentences (game/engine/card_narration.py) ---
def _card_sentences() -> None:
    from game.engine.card_narration import CARD_SENTENCES

    SENTENCES.update(CARD_SENTENCES)


_card_sentences()
# --- vehicles (issue 20) ---
from game.engine.vehicle_narration import VEHICLE_SENTENCES  # noqa: E402

SENTENCES.update(VEHICLE_SENTENCES)
