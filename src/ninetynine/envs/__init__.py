"""Reinforcement-learning environments for every registered game (needs the ``rl`` extra:
``pip install 'ninetynine[rl]'``: numpy, Gymnasium, PettingZoo).

* :func:`aec_env` — a PettingZoo AEC environment, one agent per seat (``aec.py``);
* :func:`parallel_env` — a PettingZoo Parallel environment: the seats that decide at the same
  moment act in one step (Sixto's marks; ``parallel.py``);
* ``gymnasium.make("ninetynine/Warp99-v0", opponents="greedy", ...)`` — a Gymnasium
  environment in which one seat learns against bots (``single.py``; importing this package
  registers an id per game, see :func:`gym_env_id`).
* :func:`vector_env` — a Gymnasium vector environment: many Warp 99 / Ninety Nine games in
  lockstep on the batched engine, one learning seat each, random or greedy bots (``vector.py``).

Both observe ``{"observation": state.observation_tensor(seat), "action_mask":
state.legal_actions_mask()}``: the game's fixed-length ``float32`` encoding of what the seat may
know (layout: ``game.observation_tensor_layout()``) and its legal actions. A game that has no
observation tensor yet raises ``NotImplementedError`` when an environment is made for it.

>>> import gymnasium
>>> import ninetynine.envs
>>> env = gymnasium.make("ninetynine/Ono99-v0", num_players=3, opponents="random", seat=0)
>>> obs, info = env.reset(seed=1)
>>> action = env.action_space.sample(mask=obs["action_mask"])
>>> obs, reward, terminated, truncated, info = env.step(action)
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"ninetynine.envs needs the rl extra (numpy, gymnasium, pettingzoo): "
        f"pip install 'ninetynine[rl]' ({e})"
    ) from e

from .aec import NinetyNineAECEnv, aec_env
from .common import gym_env_id
from .parallel import NinetyNineParallelEnv, parallel_env
from .single import NinetyNineEnv, register_gym_envs
from .vector import NinetyNineVectorEnv, vector_env

register_gym_envs()

__all__ = [
    "NinetyNineAECEnv",
    "NinetyNineEnv",
    "NinetyNineParallelEnv",
    "NinetyNineVectorEnv",
    "aec_env",
    "gym_env_id",
    "parallel_env",
    "register_gym_envs",
    "vector_env",
]
