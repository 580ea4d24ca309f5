"""The protocol's names: decision kinds, event kinds, movement rates and statuses.

Each is a `StrEnum` whose values are the strings the JSON (events, pending decisions, saves,
commands) has always carried, so a member compares equal to its string and serializes as it:
`EventKind.FIRE == "Fire"`, `json.dumps(MoveRate.RAPID) == '"rapid"'`.
"""

from __future__ import annotations

from enum import StrEnum


class DecisionKind(StrEnum):
    """What a pending decision asks (`Decision.kind`); its context is typed in
    `game.engine.decisions`."""

    ACTIVATE = "activate"
    CONTINUE = "continue"
    INTERRUPTS = "interrupts"
    INTERRUPT_MOVE = "interrupt_move"
    OVERWATCH = "overwatch"
    HELPERS = "helpers"
    REACT = "react"
    SEEK_COVER = "seek_cover"
    ASSAULTED = "assaulted"
    PRISONERS = "prisoners"
    HOT_SPOT = "hot_spot"
    INSURGENT_ACTION = "insurgent_action"
    RESUME_MOVE = "resume_move"
    # --- cards (issue 19) ---
    CARD_CHOICE = "card_choice"


class EventKind(StrEnum):
    """What an event reports (`event["kind"]`); its sentence is in `game.engine.narration`."""

    ACTIVATE = "Activate"
    ASSAULT_ABORTED = "AssaultAborted"
    BROKEN = "Broken"
    CASUALTY = "Casualty"
    CHANGE_LEVEL = "ChangeLevel"
    CHARGE_FAILED = "ChargeFailed"
    CLOSE_ASSAULT_CHECK = "CloseAssaultCheck"
    CLOSE_ASSAULT_END = "CloseAssaultEnd"
    CONTRACTOR_JOINS = "ContractorJoins"
    CONTRACTOR_LEFT = "ContractorLeft"
    CONTRACTOR_TAKEN = "ContractorTaken"
    DEPENDANT_HIT = "DependantHit"
    ABANDONED_FATE = "AbandonedFate"
    CASEVAC = "Casevac"
    CASUALTIES_ABANDONED = "CasualtiesAbandoned"
    POWS_RELEASED = "PowsReleased"
    UNIT_SPLIT = "UnitSplit"
    DEPENDANTS_HANDED_OFF = "DependantsHandedOff"
    FIRE = "Fire"
    FIRE_CANCELLED = "FireCancelled"
    FIRST_AID = "FirstAid"
    FIXED = "Fixed"
    FLEE = "Flee"
    FOG_OF_WAR = "FogOfWar"
    GAME_END = "GameEnd"
    GET_IN_COVER = "GetInCover"
    HOLD = "Hold"
    HOT_SPOT_NEUTRALIZED = "HotSpotNeutralized"
    HOT_SPOTS_PLACED = "HotSpotsPlaced"
    IN_COVER = "InCover"
    INSURGENCY_LEVEL = "InsurgencyLevel"
    INTERRUPT_CHECK = "InterruptCheck"
    INTERRUPT_DECLARED = "InterruptDeclared"
    INTERRUPT_FIZZLES = "InterruptFizzles"
    LEADER_JOINS = "LeaderJoins"
    MERGE_CANCELLED = "MergeCancelled"
    MERGE_DECLARED = "MergeDeclared"
    MERGED = "Merged"
    MORALE = "Morale"
    MOVE = "Move"
    MOVE_CHANGED = "MoveChanged"
    MOVE_END = "MoveEnd"
    MOVE_START = "MoveStart"
    NEUTRALIZE_ABANDONED = "NeutralizeAbandoned"
    NEUTRALIZE_STARTED = "NeutralizeStarted"
    NO_REACTION = "NoReaction"
    OVERWATCH = "Overwatch"
    OVERWATCH_ENDS = "OverwatchEnds"
    OVERWATCH_HOLDS = "OverwatchHolds"
    PHASE_END = "PhaseEnd"
    PRISONERS = "Prisoners"
    PULL_BACK = "PullBack"
    QUALITY_CHECK = "QualityCheck"
    REACT_MOVE = "ReactMove"
    REACTION_TEST = "ReactionTest"
    REGROUPED = "Regrouped"
    REINFORCEMENT_ROLL = "ReinforcementRoll"
    REINFORCEMENTS_ARRIVE = "ReinforcementsArrive"
    REINFORCEMENTS_LOST = "ReinforcementsLost"
    RETURNS_TO_ACTION = "ReturnsToAction"
    SEEK_COVER = "SeekCover"
    SETUP = "Setup"
    STAND_GROUND = "StandGround"
    TAKE_COVER = "TakeCover"
    TURN_END = "TurnEnd"
    TURN_START = "TurnStart"
    UNIT_DESTROYED = "UnitDestroyed"
    UNIT_EXITS = "UnitExits"
    UNPINNED = "Unpinned"
    WOUNDED_AT_END = "WoundedAtEnd"
    # --- vehicles (issue 20) ---
    VEHICLE_MOVE_START = "VehicleMoveStart"
    VEHICLE_MOVE_END = "VehicleMoveEnd"
    VEHICLE_HIT = "VehicleHit"
    VEHICLE_DAMAGE = "VehicleDamage"
    VEHICLE_CREW_CHECK = "VehicleCrewCheck"
    MOUNT = "Mount"
    DISMOUNT = "Dismount"
    FIRE_MISSION = "FireMission"  # Turkey Shoot (issue 20)
    ASSET_FIELDED = "AssetFielded"  # an Asset card's unit on the table at set-up (R295)
    # --- civilians (issue 21) ---
    MOB_MOVE = "MobMove"
    CIVILIAN_CHECK = "CivilianCheck"
    INSURGENCY_SHIFT = "InsurgencyShift"
    MOB_DISPERSE = "MobDisperse"
    MOB_INFLUENCE = "MobInfluence"
    MOB_ARMED = "MobArmed"
    POI_KILLED = "PoiKilled"
    # --- house clearing (issue 21) ---
    BUILDING_STACKED = "BuildingStacked"
    BUILDING_CLEARANCE = "BuildingClearance"
    BUILDING_HELD = "BuildingHeld"
    BUILDING_REOCCUPIED = "BuildingReoccupied"
    TURN_LOST = "TurnLost"
    CLEARING_CASUALTY_CHECK = "ClearingCasualtyCheck"
    CLEARING_CASUALTIES_RECOVERED = "ClearingCasualtiesRecovered"
    CLEARING_POWS = "ClearingPows"
    CLEARING_POWS_FREED = "ClearingPowsFreed"
    # --- support assets (issue 19) ---
    ASSET_GRANTED = "AssetGranted"
    ASSET_CALL = "AssetCall"
    ASSET_FIRE = "AssetFire"
    ASSET_LOST = "AssetLost"
    ASSET_DEPLOYED = "AssetDeployed"
    # --- cards (issue 19) ---
    CARD_DRAWN = "CardDrawn"
    CARD_SET_ASIDE = "CardSetAside"
    CARD_PLAYED = "CardPlayed"
    CARD_ATTACK = "CardAttack"
    DECK_SHUFFLED = "DeckShuffled"
    # --- night and Scenario 3 (issue 19) ---
    REINFORCEMENTS_AT_EDGE = "ReinforcementsAtEdge"
    # --- vehicles entering play mid-game (issues 19 and 20, R300-R309) ---
    VEHICLE_ENTERS = "VehicleEnters"
    VEHICLE_NO_ROOM = "VehicleNoRoom"
    ROAD_BLOCK = "RoadBlock"
    ROAD_BLOCK_CROSSING = "RoadBlockCrossing"


class MoveRate(StrEnum):
    """Rulebook: Cautious and Rapid Movement; Out of Contact Movement (Insurgents only)."""

    CAUTIOUS = "cautious"
    RAPID = "rapid"
    OUT_OF_CONTACT = "out_of_contact"


class UnitStatus(StrEnum):
    """Where a unit is: on the table (active) or why it left it."""

    ACTIVE = "active"
    REMOVED = "removed"
    BROKEN = "broken"
    EXITED = "exited"
    CAPTURED = "captured"
    MERGED = "merged"
    ABOARD = "aboard"  # --- vehicles (issue 20): a passenger inside a vehicle ---


class FigureStatus(StrEnum):
    """A figure fighting (ok), hit and awaiting First Aid, or back next turn (returning)."""

    OK = "ok"
    HIT = "hit"
    RETURNING = "returning"


class ContractorStatus(StrEnum):
    """Contracting Trouble's contractors: waiting, held by Regulars, captive, escorted off."""

    WAITING = "waiting"
    HELD = "held"
    CAPTIVE = "captive"
    ESCORTED = "escorted"
