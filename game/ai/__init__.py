"""The automated Insurgent opponent of the solo and co-op game (Rulebook: Solo and Co-Op Gaming).

`situation` (what a unit knows), `actions` and `tables` (the Action Check tables as data rows),
`motivation` (what each kind of Insurgent is drawn to), `procedure` (who checks, in what order,
once per turn, behind the leaderless Quality Check), `unit_facts` (a unit's table, Firepower and
Optimum Range from the rules core), `controller` (the InsurgentAI), `regular` (the Regular AI).
"""
