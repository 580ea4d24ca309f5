"""A decision's question as the player reads it: the engine asks in English (its prompt is part
of the decision, the same in every language); the screens tell it in the language in use at the
moment they show it (found in play in French, helper qa)."""

from __future__ import annotations

from game.engine.decisions import Decision
from game.engine.protocol import DecisionKind
from game.i18n import _, narr, retell


def prompt_text(pending: Decision) -> str:
    """The question of `pending` in the language in use. A card's choice reads "<card title>:
    <question>": each half is told on its own (the card title from the card texts)."""
    title = (
        str(pending.context.get("title", "")) if pending.kind == DecisionKind.CARD_CHOICE else ""
    )
    if title and pending.prompt.startswith(title + ": "):
        question = pending.prompt[len(title) + 2 :]
        return _("{card}: {question}").format(card=narr(title), question=retell(question))
    return retell(pending.prompt)
