"""Narration: the line of every event, built from its kind and data (and its turn), in the
language in use (`game.i18n`: English is the source text; `narr` at the moment the line is
built, the data's English words and names through `retell`).

Events are data (`game.engine.events`); this module is the one place that turns them into words
for the log panel, headless output and the saves' readers. Each kind has a sentence template with
named fields, filled from the event's data with `str.format` (`TEMPLATES`; `VARIANTS` where
a field picks the sentence), or a small function where the sentence is made of parts (a
breakdown, an optional clause). `TEMPLATES` and `VARIANTS`, the sentences themselves, are
data tables in `game/engine/sentences.py`, marked `N_` for the catalogue and translated by
`narr` here, so a translation swaps whole sentences without touching the engine. The
fingerprint of a game (`events_sha256`) does not cover these words: a wording fix changes no
save, and a game plays the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.engine.sentences import TEMPLATES, VARIANT_KEYS, VARIANTS
from game.i18n import N_, language, narr, narr_n, retell

Data = Mapping[str, Any]


# == words shared by several sentences ==========================================================
SUPPORT_WEAPONS = {
    "saw": N_("SAW"),
    "rgl": N_("RGL"),
    "l_support": N_("light support weapon"),
    "mg": N_("MG"),
    "hmg": N_("HMG"),
    "rpg": N_("RPG"),
    "at_rpg": N_("AT RPG"),
    "sniper": N_("sniper rifle"),
    "smaw": N_("SMAW"),  # --- support assets (issue 19) ---
    "dshk": N_("DShK"),  # --- cards (issue 19): Dishkuh! ---
}


def weapon_words(kind: str) -> str:
    """A figure kind's weapon as the log names it: "rpg" -> "RPG"."""
    return (
        narr(SUPPORT_WEAPONS[kind]) if kind in SUPPORT_WEAPONS else retell(kind.replace("_", " "))
    )


def figure_words(kind: str, weapon: str = "") -> str:
    """A figure as the log names it: "rifleman", "RPG gunner", "leader with the MG"."""
    if kind == "leader":
        if weapon:
            return narr("leader with the {weapon}").format(weapon=weapon_words(weapon))
        return narr("leader")
    if kind in ("small_arms", "rifle"):
        return narr("rifleman")
    if kind in SUPPORT_WEAPONS:
        return narr("{weapon} gunner").format(weapon=weapon_words(kind))
    return retell(kind.replace("_", " "))


def shown(die: str, face: int, modifier: int = 0) -> str:
    """One test die as the log shows it: "d8=5", "d6=3+1"."""
    return f"{die}={face}{f'{modifier:+d}' if modifier else ''}"


def test_shown(d: Data, prefix: str = "") -> str:
    return shown(d[prefix + "die"], d[prefix + "face"], d.get(prefix + "modifier", 0))


def breakdown_words(b: Data, *, told: bool = True) -> str:
    """A Firepower or Defense pool with its reasons: "Optimum Range +3 Leader +1 = 4", in the
    language in use; `told=False` keeps the English, for a reason written into event data."""
    word = retell if told else str
    capped = narr(" (capped at {cap})") if told else " (capped at {cap})"
    items = b["items"]
    text = " ".join(f"{word(r)} {a:+d}" for r, a in items)
    if sum(a for _r, a in items) > b["cap"]:
        text += capped.format(cap=b["cap"])
    text += "".join(f" {word(r)} -{a}" for r, a in b["penalties"])
    return f"{text} = {b['total']}"


REACTION_STANCES = {
    "overwatch": N_("on Overwatch +1"),
    "rapid": N_("moving Rapidly -1"),
    "cautious": N_("moving Cautiously +1"),
    "stationary": N_("stationary +1"),
}

FIRE_MANNERS = {
    "fire": N_("fires"),
    "interrupt": N_("interrupts with fire"),
    "react": N_("reacts with fire"),
    "charge": N_("fires at the charge"),
    "melee": N_("fights hand to hand"),
    "blast": N_("goes off"),  # a card's blast at a vehicle (R356)
    "asset": N_("strikes"),  # rules audit round 7: off-board fire at a vehicle (R344)
}

REINFORCEMENT_SOURCES = N_("(Rulebook: Arrival of Insurgent Reinforcements)")


def figures_n(count: int) -> str:
    """ "1 figure", "3 figures" in the language in use."""
    return narr_n("{n} figure", "{n} figures", count).format(n=count)


def casualties_n(count: int) -> str:
    """ "1 casualty", "3 casualties" in the language in use."""
    return narr_n("{count} casualty", "{count} casualties", count).format(count=count)


def dependants_n(count: int) -> str:
    """ "1 Dependant", "2 Dependants" in the language in use."""
    return narr_n("{count} Dependant", "{count} Dependants", count).format(count=count)


# == sentences made of parts =====================================================================
def _setup(d: Data, turn: int) -> str:
    title = retell(d["title"]).rstrip(":")
    rest = narr_n(  # the same English either way; French counts the Regular units
        "{regulars} Regular and {insurgents} Insurgent units on the table, {hot_spots} hot "
        "spots (Rulebook: Sequence of Play, steps 1-7)",
        "{regulars} Regular and {insurgents} Insurgent units on the table, {hot_spots} hot "
        "spots (Rulebook: Sequence of Play, steps 1-7)",
        int(d["regulars"]),
    ).format(regulars=d["regulars"], insurgents=d["insurgents"], hot_spots=d["hot_spots"])
    if title[-1:] in "!?.":  # "Contracting Trouble! — ..."
        return narr("{title} — {rest}").format(title=title, rest=rest)
    return narr("{title}: {rest}").format(title=title, rest=rest)


def _fire(d: Data, turn: int) -> str:
    manner = narr(FIRE_MANNERS[d["manner"]])
    if d.get("split_figures"):
        manner = narr("{manner} (split fire, {figures})").format(
            manner=manner, figures=figures_n(d["split_figures"])
        )
    if d.get("thermobaric"):  # support assets (issue 19): the SMAW card (R194)
        manner = narr("{manner} (a SMAW: no cover dice, R194)").format(manner=manner)
    return narr(
        "T{turn} {firer_name} {manner} at {target_name} (Rulebook: Making the Attack Roll): "
        "Firepower {fp} → {firepower}{firepower_die} {firepower_faces}; "
        "Defense {df} → {defense}{defense_die} {defense_faces}; {lost}"
    ).format(
        turn=turn,
        manner=manner,
        fp=breakdown_words(d["firepower_breakdown"]),
        df=breakdown_words(d["defense_breakdown"]),
        lost=casualties_n(d["casualties"]),
        firer_name=retell(d["firer_name"]),
        target_name=retell(d["target_name"]),
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
        return narr("; nobody left can take up the {name}: it is lost").format(name=name)
    test = shown(t["die"], t["face"], t["modifier"])
    if t["outcome"] == "failed":
        return narr("; Quality Check {test}: failed, the {name} is lost").format(
            test=test, name=name
        )
    if t["outcome"] == "leader":
        return narr("; Quality Check {test}: the leader {carrier} takes up the {name}").format(
            test=test, carrier=t["carrier"], name=name
        )
    return narr("; Quality Check {test}: {carrier} takes up the {name}").format(
        test=test, carrier=t["carrier"], name=name
    )


def _casualty(d: Data, turn: int) -> str:
    if d["side"] == "regular":
        return narr("{unit_name}: {figure} is hit and stops counting until First Aid (R27)").format(
            **d
        )
    text = narr("{unit_name}: {figure} ({words}) is a casualty and is removed").format(
        words=figure_words(d["figure_kind"], d["figure_weapon"]), **d
    )
    if d["leaderless"]:
        text += narr("; the unit is now leaderless")
    if d.get("take_up"):
        text += take_up_words(d["take_up"])
    return text + narr(" (Rulebook: Who Got Hit?)")


def _first_aid(d: Data, turn: int) -> str:
    if d["cause"] == "left_behind":
        return narr(
            "{unit_name} is out of action: {figure} left on the field, d6={face} → {result} "
            "(R27; R58)"
        ).format(
            unit_name=d["unit_name"],
            figure=d["figure"],
            face=d["face"],
            result=narr(d["result"].upper()),
        )
    table = narr("Medic First Aid Table") if d["medic"] else narr("Standard First Aid Table")
    if d["result"] == "slight":
        verdict = narr("slight wound, back next turn")
    else:
        verdict = narr("{result}: removed, carried as a Dependant").format(
            result=narr(d["result"].upper())
        )
    return narr("T{turn} First Aid ({table}): {unit_name} {figure} d6={face} → {verdict}").format(
        turn=turn,
        table=table,
        verdict=verdict,
        unit_name=d["unit_name"],
        figure=d["figure"],
        face=d["face"],
    )


def _morale(d: Data, turn: int) -> str:
    section = (
        narr("Regular Morale Effects")
        if d["side"] == "regular"
        else narr("Insurgent Morale Effects")
    )
    bonus = d["bonus"]
    base = narr(
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
        successes=narr_n("{count} success", "{count} successes", d["successes"]).format(
            count=d["successes"]
        ),
        failures=narr_n("{count} failure", "{count} failures", d["failures"]).format(
            count=d["failures"]
        ),
    )
    result = d["result"]
    if d["side"] != "regular":
        text = base + f" → {retell(result)}"
        shrunk = d["shrunk"]
        if shrunk:
            text += narr_n(", {count} shrinks away", ", {count} shrink away", shrunk).format(
                count=shrunk
            )
        return text
    if result == "Stand":
        return base + f" → {narr('Stand')}"
    if result == "PullBack":
        return base + narr(" → Pinned again: Pull Back (R26)")
    if d["again"]:
        return base + narr(
            " → Pinned again, but it holds a defensible position and stays Pinned (R26)"
        )
    return base + narr(" → Pinned (Rulebook: Pinned)")


def _move(d: Data, turn: int) -> str:
    text = narr('{unit_name} moves {rate} {distance:.1f}" to {at}').format(
        unit_name=d["unit_name"],
        rate=retell(d["rate"].replace("_", " ")),
        distance=d["distance"],
        at=f"({d['at'][0]:.1f}, {d['at'][1]:.1f})",
    )
    if d["spotted"]:
        text += narr(" and is spotted: the move ends (Rulebook: Out of Contact Movement)")
    return text


def _change_level(d: Data, turn: int) -> str:
    if d["roof"]:
        where = narr("up onto the roof of {roof} (elevation {elevation})").format(**d)
    else:
        where = narr("down to street level")
    return narr("T{turn} {unit_name} goes {where}; that is its move (R10, R83)").format(
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
        "stance": narr(REACTION_STANCES[d["stance"]]),
    }
    if d["test"] == "overwatch":
        outcome = narr("Overwatch fires after") if first else narr("Overwatch fires first")
        return narr(
            "T{turn} Overwatch Reaction Test (Rulebook: Overwatch): {insurgent_name} "
            "{insurgent_test} vs {regular_name} {regular_test} (on Overwatch +1) → {outcome}"
        ).format(outcome=outcome, **fields)
    if d["test"] == "friend":
        outcome = narr("fires after") if first else narr("fires first")
        return narr(
            "T{turn} Reaction Test for a friend (Rulebook: Regular Reaction to Interruptions): "
            "{insurgent_name} {insurgent_test} vs {regular_name} {regular_test} ({stance}) → "
            "{outcome}; {regular_name} spends its activation"
        ).format(outcome=outcome, **fields)
    outcome = (
        narr("Insurgents act first")
        if first
        else narr("{regular_name} reacts first").format(regular_name=d["regular_name"])
    )
    return narr(
        "T{turn} Reaction Test (Rulebook: The Reaction Test): {insurgent_name} "
        "{insurgent_test} vs {regular_name} {regular_test} ({stance}) → {outcome}"
    ).format(outcome=outcome, **fields)


def _overwatch_holds(d: Data, turn: int) -> str:
    names = d["holding_names"]
    return narr_n(
        "{names} on Overwatch holds fire at {insurgent_name} (Rulebook: Overwatch)",
        "{names} on Overwatch hold fire at {insurgent_name} (Rulebook: Overwatch)",
        len(names),
    ).format(names=", ".join(names), insurgent_name=d["insurgent_name"])


def _unit_exits(d: Data, turn: int) -> str:
    text = narr("{unit_name} leaves the table by the {edge} edge").format(**d)
    if d["dependants"]:
        text += narr(" with {dependants}").format(dependants=dependants_n(d["dependants"]))
    return text


def _dependants_handed_off(d: Data, turn: int) -> str:
    return narr(
        "{unit_name} hands {count} off at the friendly edge "
        "(Rulebook: Disposing of Dependants & Casualties)"
    ).format(unit_name=d["unit_name"], count=dependants_n(d["count"]))


def _merged(d: Data, turn: int) -> str:
    return narr(
        "T{turn} {merged_name} merges into {unit_name}: {figures}, Troop Quality {quality}, "
        "Morale {morale} (Rulebook: Merging Units; Mixed Units)"
    ).format(
        turn=turn,
        merged_name=d["merged_name"],
        unit_name=d["unit_name"],
        figures=figures_n(d["figures"]),
        quality=d["quality"],
        morale=d["morale"],
    )


def _wounded_at_end(d: Data, turn: int) -> str:
    count = d["count"]
    return narr_n(
        "{unit_name}: {count} hit figure still awaiting First Aid counts as wounded (R69)",
        "{unit_name}: {count} hit figures still awaiting First Aid count as wounded (R69)",
        count,
    ).format(unit_name=d["unit_name"], count=count)


def _game_end(d: Data, turn: int) -> str:
    sides = {"regular": narr("the Regulars"), "insurgent": narr("the Insurgents")}
    winner = d["winner"]
    margin = retell(d["margin"])
    if winner in sides:
        verdict = narr("a {margin} victory for {side}").format(margin=margin, side=sides[winner])
    else:
        verdict = narr("{margin}, no side wins").format(margin=margin)
    return narr(
        "Game over after turn {turn}: {reason}. Regulars {vp_regular} VP, "
        "Insurgents {vp_insurgent} VP: {verdict} (Rulebook: Victory Points, Margin of Victory)"
    ).format(
        turn=turn,
        reason=retell(d["reason"]),
        vp_regular=d["vp_regular"],
        vp_insurgent=d["vp_insurgent"],
        verdict=verdict,
    )


def _insurgency_level(d: Data, turn: int) -> str:
    if d["face"] is None:
        head = narr("Insurgency Level is automatic: reinforcements arrive")
    else:
        head = narr("Insurgency Level roll d6={face} vs {level}: {outcome}").format(
            face=d["face"],
            level=d["level"],
            outcome=narr("reinforcements arrive") if d["arrive"] else narr("no reinforcements"),
        )
    return narr("T{turn} {head} (Rulebook: Arrival of Insurgent Reinforcements, R20)").format(
        turn=turn, head=head
    )


def reinforcement_row_words(row: Data) -> str:
    """A row of the Reinforcement table: "2d6+1 small arms + leader + 1 RPG, roll again"."""
    parts: list[str] = []
    if row["small_arms_dice"]:
        bonus = f"+{row['small_arms_bonus']}" if row["small_arms_bonus"] else ""
        parts.append(
            narr("{dice}d6{bonus} small arms").format(dice=row["small_arms_dice"], bonus=bonus)
        )
    if row["leader"]:
        parts.append(narr("leader"))
    if row["light_support"]:
        parts.append(narr("{count} light support").format(count=row["light_support"]))
    if row["rpgs"]:
        parts.append(narr("{count} RPG").format(count=row["rpgs"]))
    text = " + ".join(parts)
    return narr("{row}, roll again").format(row=text) if row["roll_again"] else text


def _reinforcement_roll(d: Data, turn: int) -> str:
    a, b = d["table_faces"]
    text = narr("2d6={a}+{b}={total}: {row}").format(
        a=a, b=b, total=a + b, row=reinforcement_row_words(d["row"])
    )
    if d["small_arms_faces"]:
        text += narr(" (small arms d6 {faces})").format(faces=list(d["small_arms_faces"]))
    if d["rpg_faces"]:
        kinds = ", ".join(
            narr("anti-tank") if anti_tank else narr("standard") for anti_tank in d["rpg_anti_tank"]
        )
        text += narr(" (RPG type d6 {faces}: {kinds}; 5-6 is anti-tank)").format(
            faces=list(d["rpg_faces"]), kinds=kinds
        )
    if d["leaderless_face"] is not None:
        text += narr("; leader d6={face} ({outcome})").format(
            face=d["leaderless_face"],
            outcome=narr("a leader") if d["has_leader"] else narr("leaderless"),
        )
    return narr("T{turn} Reinforcement table {text}").format(turn=turn, text=text)


def _reinforcements_lost(d: Data, turn: int) -> str:
    lost = {
        "no_spot_left": narr("Hot spot d6={face} (Insurgents' choice): no hot spot is left"),
        "neutralized": narr("Hot spot d6={face}: hot spot {face} is neutralized"),
        "not_on_table": narr("Hot spot d6={face}: hot spot {face} is not on the table"),
    }[d["cause"]].format(face=d["face"])
    return narr("{lost}; the group is lost {source}").format(
        lost=lost, source=narr(REINFORCEMENT_SOURCES)
    )


def _reinforcements_arrive(d: Data, turn: int) -> str:
    return narr(
        "{roll}: {unit_name} ({figures}{leader}) arrives at hot spot {hot_spot} {source}"
    ).format(
        roll=(
            narr("Hot spot d6={face} (Insurgents' choice)")
            if d["face"] == 6
            else narr("Hot spot d6={face}")
        ).format(face=d["face"]),
        unit_name=d["unit_name"],
        figures=figures_n(d["figures"]),
        leader=narr(", with a leader") if d["has_leader"] else narr(", leaderless"),
        hot_spot=d["hot_spot"],
        source=narr(REINFORCEMENT_SOURCES),
    )


def _hot_spots_placed(d: Data, turn: int) -> str:
    where = ", ".join(f"{n} at ({x:.1f}, {y:.1f})" for n, x, y in d["spots"])
    return narr(
        'The map places no hot spots: five are placed in or beside buildings and walls, 6" '
        "apart: {where} (Rulebook: Hot Spots in Solo Games; R79)"
    ).format(where=where)


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
}


NAMED_KEYS = frozenset({"reason", "title", "chosen_title", "text", "edge", "units"})
"""Data keys (besides `*name`, `*names`) whose words the narration retells (`game.i18n`)."""


def _retold(data: Data) -> dict[str, Any]:
    """The event's data with its names and English words in the language in use."""
    out = dict(data)
    for key, value in data.items():
        if not (key.endswith(("name", "names")) or key in NAMED_KEYS):
            continue
        if isinstance(value, str):
            out[key] = retell(value)
        elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            out[key] = [retell(v) for v in value]
    return out


def narrate(kind: str, data: Data, turn: int = 0) -> str:
    """The line of one event (its kind, its data and the turn it happened in), in the language
    in use."""
    if language() != "en":
        data = _retold(data)
    sentence = SENTENCES.get(kind)
    if sentence is not None:
        return sentence(data, turn)
    fields: dict[str, Any] = {"turn": turn, **data}
    if language() != "en":
        fields = {k: retell(v) if isinstance(v, str) else v for k, v in fields.items()}
    if "die" in data and "face" in data:  # the event's one test die, as "d8=5+1"
        fields["test"] = test_shown(data)
    if "firepower_breakdown" in data:
        fields["firepower"] = breakdown_words(data["firepower_breakdown"])
    variant = VARIANT_KEYS.get(kind)
    if variant is not None:
        return narr(VARIANTS[(kind, *(data[key] for key in variant))]).format(**fields)
    template = TEMPLATES.get(kind)
    if template is not None:
        return narr(template).format(**fields)
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
# --- house clearing (issue 21): its sentences (game/engine/clearing_narration.py) ---
from game.engine.clearing_narration import CLEARING_SENTENCES  # noqa: E402

SENTENCES.update(CLEARING_SENTENCES)
