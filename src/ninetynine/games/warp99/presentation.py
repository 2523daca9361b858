"""Warp 99 and Ninety Nine as shown to people and learners (:mod:`ninetynine.core.presentation`):
the text board (``render.py``), the lines under a move (``events.py``), the hint (here, after
the ``greedy`` agent), the rules summary and the observation tensor (``tensor.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ninetynine.core.presentation import Observation, Presentation

if TYPE_CHECKING:
    from .game import Warp99Game


class Warp99Presentation(Presentation):
    """Warp 99's board, events, hint and tensor."""

    game: Warp99Game

    def hint(self, observation: Observation) -> str | None:
        """Advice for the observing seat, in notation, following the ``greedy`` agent:

        * ``row`` phase: the Action A choice, then the best discard sequence for the rest of
          the hand, e.g. ``"row P3, then B5>1 B6>1 (2 cards)"`` or
          ``"score (+16), row Y0, then ..."``;
        * ``discard`` phase: the best discard sequence (the exact solver), e.g.
          ``"R4>1 O6>1 B9>2 T10>2 (4 cards, empties the hand)"``; when stuck, the best flip;
        * ``extra_card`` phase: ``take`` or ``decline`` and why.

        ``None`` for a spectator's view or a finished game.
        """
        from .actions import DECLINE, SCORE, TAKE, action_to_string
        from .cards import COLOR, VALUE
        from .heuristics import GreedyAgent, Plan, config_of, plan_for, solve_discards
        from .rules import RULE_NAMES

        if observation.get("hand") is None or observation.get("phase") == "over":
            return None
        obs = dict(observation)
        me: int = obs["player"]
        if obs["current_player"] != me:
            return f"it is seat {obs['current_player']}'s turn, not yours"
        hand: list[int] = list(obs["hand"])
        agent = GreedyAgent(self.game, me)

        def discards(cards: list[int], plan: Plan | None = None) -> str:
            """``plan`` (default: the solver's for ``cards`` under the active rules) in
            notation, with its card count and whether it empties the hand."""
            if plan is None:
                plan = plan_for(obs, hand=cards)
            if not plan.plays:
                return "no card can be discarded"
            seq = " ".join(action_to_string(a) for a in plan.plays)
            empties = ", empties the hand" if plan.count == len(cards) else ""
            # A double match asks take or decline only where the extra card exists (Warp 99
            # rulebook § Extra Card; Ninety Nine has none, nor Warp 99 with extra_card=false).
            d = plan.doubles if self.game.extra_card else 0
            doubles = (
                f", {d} double match{'es' if d != 1 else ''}: answer take or decline after "
                f"{'each' if d != 1 else 'it'}"
                if d
                else ""
            )
            return f"{seq} ({plan.count} card{'s' if plan.count != 1 else ''}{empties}{doubles})"

        phase = obs["phase"]
        if phase == "row":
            row: list[int] = obs["rows"][me]
            if not row:
                legal = hand[:]
            else:
                used = {COLOR[c] for c in row}
                fits = [c for c in hand if VALUE[c] > VALUE[row[-1]] and COLOR[c] not in used]
                legal = [*fits, SCORE]
            if not legal:
                return None
            steps: list[str] = []
            choice = agent.step(obs, legal)
            if choice == SCORE:
                points = len(row) ** 2
                if obs["scores"][me] + points >= obs["target"]:
                    return f"score (+{points}): that reaches {obs['target']} and wins"
                steps.append(f"score (+{points})")
                scores = list(obs["scores"])
                scores[me] += points
                rows = [list(r) for r in obs["rows"]]
                rows[me] = []
                if not hand:
                    return ", ".join(steps) + ", then end (no card left to play)"
                choice = agent.step({**obs, "rows": rows, "scores": scores}, hand[:])
            steps.append(f"row {action_to_string(choice)}")
            rest = [c for c in hand if c != choice]
            return ", ".join(steps) + ", then " + discards(rest)
        if phase == "extra_card":
            plan = plan_for(obs)
            if agent.step(obs, [TAKE, DECLINE]) == DECLINE:
                if not hand:
                    return "decline: your hand is empty, so you refill it and play again"
                seq = " ".join(action_to_string(a) for a in plan.plays)
                return f"decline: {seq} still empties your hand, and you play again"
            return "take: one more card towards emptying your personal deck (+15 each time)"
        # discard phase
        plan = plan_for(obs)
        if plan.plays:
            return discards(hand)
        if self.game.allow_flip and hand and not obs["flip_used"] and not obs["plays"]:
            config = config_of(obs)
            tops = (obs["piles"][0][-1], obs["piles"][1][-1])
            best, best_rule, best_plan = 0, -1, plan
            for r in range(3):
                p = solve_discards(tuple(sorted(hand)), tops[0], tops[1], config ^ (1 << r))
                if p.count > best:
                    best, best_rule, best_plan = p.count, r, p
            if best_rule < 0:
                return "no card can be played, and no flip would help: end"
            side = obs["rule_sides"][best_rule]
            old, new = RULE_NAMES[best_rule][side - 1], RULE_NAMES[best_rule][2 - side]
            return f"flip{best_rule + 1} ({old} -> {new}), then " + discards(hand, best_plan)
        return "no card in your hand can be played on either pile: end"


class NinetyNinePresentation(Warp99Presentation):
    """The classic: Warp 99's presentation with its own rules summary."""

    def rules_summary(self) -> str:
        """The classic's rules (Ninety Nine overview) and how they differ from Warp 99."""
        return NINETYNINE_SUMMARY


NINETYNINE_SUMMARY = """# Ninety Nine (Reinhard Staupe), the classic

Source: Ninety Nine and Sixto overviews. Rules decisions: `docs/rules/ninetynine.md`. It runs on
the Warp 99 engine with the rules fixed.

| property | value |
| --- | --- |
| game id | `ninetynine` |
| players | 2-4 (default 3) |
| cards | 110: values 0-10 in ten colours (letters R Y G A L P O B T K) |
| distinct actions | 337 (the Warp 99 layout; flips and extra cards never occur) |
| returns | +1 the first seat to reach 99, -1 every other seat |

## A turn
Everyone gets a hand of six and a face-down pile of fifteen (option `deal=15`: fifteen,
six of them drawn into the hand, as in Warp 99). Put one hand card into your personal row:
higher than its last card, a colour not yet in it.
You may score the row first (its length squared: four cards score 16) and must if no card
fits. Then discard as many cards as you like onto the two piles; each must be the same colour
as the card it covers, exactly one higher, or add up to 10 with it. Then refill your hand to
six from your own 15-card pile; emptying it scores 15 at once and gives you 15 new cards.
The first player to reach 99 wins at once. Everyone starts at 0 (option `handicap`).

Bonus rule (option `bonus_rule=true`): discard your whole hand and you refill to six and play
again at once.

## Actions
| ids | notation | move |
| --- | --- | --- |
| 0-109 | `R7` | put the card into your personal row |
| 110-219 | `R7>1` | discard the card onto pile 1 |
| 220-329 | `R7>2` | discard the card onto pile 2 |
| 330 | `score` | score and clear your row (before the row card) |
| 331 | `end` | stop discarding; refill; next player |

Colour letters: R red, Y yellow, G green, A gray, L light blue, P purple, O orange, B blue,
T tan, K pink.
"""
