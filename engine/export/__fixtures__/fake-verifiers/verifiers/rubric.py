"""The rubric, as VERIFIERS.md section 8 describes it: functions receive only the arguments they name (or all of them
with **kwargs); a function that raises is logged and scored 0.0; the reward is the sum of weight x score, and every
function, weight 0 ones included, appears in state["metrics"] under its __name__."""

from __future__ import annotations

import inspect
from typing import Any, Callable


class Parser:
    pass


def _arguments(state: Any, parser: Parser, objects: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": state["prompt"],
        "completion": state["completion"],
        "answer": state.get("answer", ""),
        "state": state,
        "info": state.get("info") or {},
        "task": state.get("task"),
        "parser": parser,
        **objects,
    }


async def _call(function: Callable[..., Any], available: dict[str, Any]) -> float:
    parameters = inspect.signature(function).parameters
    if not any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values()):
        available = {key: value for key, value in available.items() if key in parameters}
    try:
        value = function(**available)
        if inspect.isawaitable(value):
            value = await value
        return float(value)
    except Exception as error:  # verifiers logs it and scores 0.0
        print(f"reward function {function.__name__} raised {error!r}: scored 0.0")
        return 0.0


class Rubric:
    def __init__(self, funcs: list[Callable[..., Any]] | None = None, weights: list[float] | None = None, parser: Parser | None = None) -> None:
        self.funcs = list(funcs or [])
        self.weights = list(weights) if weights is not None else [1.0] * len(self.funcs)
        if len(self.weights) != len(self.funcs):
            raise ValueError("the rubric needs one weight per function")
        self.parser = parser or Parser()
        self.objects: dict[str, Any] = {}

    def add_reward_func(self, func: Callable[..., Any], weight: float = 1.0) -> None:
        self.funcs.append(func)
        self.weights.append(weight)

    def add_metric(self, func: Callable[..., Any], weight: float = 0.0) -> None:
        self.add_reward_func(func, weight)

    def add_class_object(self, name: str, obj: Any) -> None:
        self.objects[name] = obj

    async def score_rollout(self, state: Any) -> None:
        available = _arguments(state, self.parser, self.objects)
        metrics = state.setdefault("metrics", {}) if isinstance(state.get("metrics"), dict) else {}
        state["metrics"] = metrics
        reward = 0.0
        for func, weight in zip(self.funcs, self.weights):
            score = await _call(func, available)
            metrics[func.__name__] = score
            reward += weight * score
        state["reward"] = reward


class RubricGroup(Rubric):
    def __init__(self, rubrics: list[Rubric]) -> None:
        super().__init__()
        self.rubrics = rubrics

    async def score_rollout(self, state: Any) -> None:
        total = 0.0
        for rubric in self.rubrics:
            await rubric.score_rollout(state)
            total += state["reward"]
        state["reward"] = total


class MultiTurnMonitorRubric(Rubric):
    def __init__(self) -> None:
        def num_turns(state: Any) -> float:
            return float(len(state["trajectory"]))

        super().__init__(funcs=[num_turns], weights=[0.0])


class ToolMonitorRubric(Rubric):
    def __init__(self) -> None:
        def total_tool_calls(completion: Any) -> float:
            return float(sum(len(message.get("tool_calls") or []) for message in completion if message.get("role") == "assistant"))

        super().__init__(funcs=[total_tool_calls], weights=[0.0])
