"""Star Wars D6 (rule text 004, no wild die; docs/rules/starwars.md): dice codes, character
templates and creation, checks against target numbers and opposed checks, rounds and their
segments, damage, wounds and death rolls, lightsabers and starships.
"""

from shadowdice.systems.starwars.system import StarWarsD6

__all__ = ["StarWarsD6"]
