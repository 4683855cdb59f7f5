"""The environment classes and the rollout loop, as VERIFIERS.md sections 1, 2, 3, 5, 7 and 9 describe them.

The model is reached through `client.get_response(prompt=..., model=..., tools=...)`, which gets the tools in the
chat API's native form ({"type": "function", "function": {...}}, or None when there are none) and returns an
AssistantMessage whose tool calls are flat, as verifiers' own clients hand them over.
"""

from __future__ import annotations

import inspect
import json
import uuid
from typing import Any, Callable

from .rubric import Rubric, RubricGroup
from .types import State, SystemMessage, Tool, UserMessage, normalize_message

CAP_STOPS = frozenset({"max_turns_reached", "prompt_too_long", "max_total_completion_tokens_reached"})


def stop(function: Callable[..., Any] | None = None, *, priority: int = 0) -> Any:
    """@vf.stop: a method run before every turn; the first that returns true ends the rollout."""

    def mark(method: Callable[..., Any]) -> Callable[..., Any]:
        method._vf_stop_priority = priority  # type: ignore[attr-defined]
        return method

    return mark(function) if function is not None else mark


def _tool_def(entry: Any) -> Tool:
    if isinstance(entry, Tool):
        return entry
    if isinstance(entry, dict) and ("function" in entry or entry.get("type") == "function"):
        raise ValueError("tool_defs entries are vf.Tool(name, description, parameters), not the OpenAI {'type': 'function', ...} form")
    if isinstance(entry, dict):
        return Tool(**entry)
    raise ValueError(f"not a tool definition: {entry!r}")


def to_native_tool(tool: Tool) -> dict[str, Any]:
    function = {"name": tool.name, "description": tool.description, "parameters": tool.parameters}
    if tool.strict is not None:
        function["strict"] = tool.strict
    return {"type": "function", "function": function}


class Environment:
    def __init__(
        self,
        dataset: Any = None,
        eval_dataset: Any = None,
        system_prompt: str | None = None,
        few_shot: Any = None,
        parser: Any = None,
        rubric: Rubric | None = None,
        sampling_args: dict[str, Any] | None = None,
        tool_defs: list[Any] | None = None,
        max_workers: int = 512,
        env_id: str | None = None,
        env_args: dict[str, Any] | None = None,
        map_kwargs: dict[str, Any] | None = None,
        max_seq_len: int | None = None,
        score_rollouts: bool = True,
        pass_threshold: float = 0.5,
        **kwargs: Any,
    ) -> None:
        if "oai_tools" in kwargs:
            raise ValueError("`oai_tools` is no longer supported. Use `tool_defs` (a list of vf.Tool).")
        if dataset is None and eval_dataset is None:
            raise ValueError("Either 'dataset' or 'eval_dataset' must be provided")
        self.system_prompt = system_prompt
        self.dataset = self._format_dataset(dataset)
        self.eval_dataset = self._format_dataset(eval_dataset)
        self.rubric = rubric or Rubric()
        self.tool_defs = [_tool_def(entry) for entry in tool_defs or []]
        self.env_id = env_id
        self.env_args = env_args or {}
        self.sampling_args = sampling_args or {}
        for key, value in kwargs.items():
            setattr(self, key, value)

    def _format_dataset(self, dataset: Any) -> Any:
        if dataset is None:
            return None
        rows = []
        for index, row in enumerate(dataset):
            row = {key: value for key, value in dict(row).items() if key != "env_id"}
            if "prompt" not in row and "question" not in row:
                raise ValueError("a dataset row needs a 'prompt' (messages) or a 'question'")
            info = json.loads(row["info"]) if isinstance(row.get("info"), str) else row.get("info") or {}
            if "task" in row or "task" in info:
                task = row.get("task", info.get("task"))
                if not isinstance(task, dict):
                    raise ValueError("Plain string task routes are no longer supported")
            if "example_id" in row and not isinstance(row["example_id"], int):
                row["src_id"] = row.pop("example_id")
            row.setdefault("example_id", index)
            rows.append(row)
        return rows

    def add_rubric(self, rubric: Rubric) -> None:
        self.rubric = RubricGroup([self.rubric, rubric])

    def set_kwargs(self, **kwargs: Any) -> None:
        for key, value in kwargs.items():
            setter = getattr(self, f"set_{key}", None)
            setter(value) if callable(setter) else setattr(self, key, value)

    def _prompt_of(self, row: dict[str, Any]) -> list[Any]:
        if "prompt" in row:
            prompt = [normalize_message(message) for message in row["prompt"]]
        else:
            prompt = [UserMessage(content=row["question"])]
        if self.system_prompt and not (prompt and prompt[0].get("role") == "system"):
            prompt.insert(0, SystemMessage(content=self.system_prompt))
        return prompt

    async def init_state(self, row: dict[str, Any], client: Any, model: str, sampling_args: dict[str, Any] | None = None) -> State:
        state = State(input=dict(row))
        state["prompt"] = self._prompt_of(row)
        info = state.get("info") or {}
        if "oai_tools" in info:
            raise ValueError("info['oai_tools'] is no longer supported: use info['tool_defs']")
        defined = [_tool_def(entry) for entry in info["tool_defs"]] if info.get("tool_defs") else None
        fields = {
            "client": client,
            "model": model,
            "sampling_args": sampling_args or self.sampling_args,
            "is_completed": False,
            "is_truncated": False,
            "error": None,
            "final_env_response": None,
            "tool_defs": defined or self.tool_defs or [],
            "trajectory": [],
            "trajectory_id": uuid.uuid4().hex,
            "completion": None,
            "reward": None,
            "metrics": {},
            "timing": {},
            "usage": {},
        }
        for key, value in fields.items():
            state[key] = value
        return state

    async def setup_state(self, state: State) -> State:
        return state

    def _stops(self) -> list[tuple[int, str]]:
        found = []
        for name in dir(type(self)):
            priority = getattr(getattr(type(self), name, None), "_vf_stop_priority", None)
            if priority is not None:
                found.append((priority, name))
        return sorted(found, key=lambda entry: (-entry[0], entry[1]))

    async def is_completed(self, state: State) -> bool:
        for _priority, name in self._stops():
            done = getattr(self, name)(state)
            if inspect.isawaitable(done):
                done = await done
            if done:
                state["is_completed"] = True
                state["stop_condition"] = name
                state["is_truncated"] = name in CAP_STOPS
                return True
        return False

    @stop(priority=100)
    def has_error(self, state: State) -> bool:
        return state.get("error") is not None

    @stop
    def has_final_env_response(self, state: State) -> bool:
        return state.get("final_env_response") is not None
