"""The desktop client: pygame scenes, renderers and widgets.

The only room that imports pygame and pygame_gui. Scenes read a view model (`viewmodel.py`) and,
once the engine lands, send it commands; they never change the game state themselves.
"""
