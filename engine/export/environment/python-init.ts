import { VERIFIERS_REQUIREMENT } from '../constants';

/**
 * The generated package's `__init__.py`: reads the sibling spec and data, builds the verifiers environment (imported
 * lazily, so the package imports without verifiers) with the spec's tool schemas and the mock world answering calls.
 * It targets verifiers' v0 API as `load_environment` and `vf-eval` load it today (the handbook's VERIFIERS.md, sections
 * 1-9): tools as `tool_defs`, flat tool calls, tool messages as the reply. Python source kept verbatim but for the
 * requirement (compiled by `python3 -m py_compile` in the tests).
 */
export const PYTHON_INIT = String.raw`"""A verifiers environment exported by While Studio.

Each task is the opening user turn of a simulated conversation; the scenario it came from travels in 'info'
and never enters the prompt. Tool calls are answered by a mock world seeded per task (its world state and
scheduled faults), so a rollout of the same task meets the same world. 'verifiers' and 'datasets' are imported
only inside 'load_environment': the mock world and the reward import without them.
"""

from __future__ import annotations

import importlib
import inspect
import json
from pathlib import Path
from typing import Any, Callable

from .rewards import (
    checklist_reward,
    guarded_reward,
    judge_ok,
    n_calls,
    parse_info,
    tool_calls,
    trace_clean,
    truncated,
)
from .world import MockWorld

__all__ = ["MockWorld", "checklist_reward", "load_environment", "read_spec", "read_tasks"]

PACKAGE_DIR = Path(__file__).resolve().parent
SPEC_PATH = PACKAGE_DIR / "spec.json"
DATA_DIR = PACKAGE_DIR / "data"
MAX_TURNS_FALLBACK = 10


def read_spec(path: str | Path | None = None) -> dict[str, Any]:
    """The package's spec.json (system prompt, tools, turn cap, reward and world dials)."""
    with open(path or SPEC_PATH, encoding="utf-8") as handle:
        return json.load(handle)


def read_tasks(split: str = "train") -> list[dict[str, Any]]:
    """Tasks of one split, '{prompt, info, example_id}' per line; an absent file is an empty split."""
    path = DATA_DIR / f"{split}.jsonl"
    if not path.exists():
        return []
    tasks = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                tasks.append(json.loads(line))
            except ValueError as error:
                raise ValueError(f"{path}:{number}: not valid JSON ({error})") from error
    return tasks


def _resolve(reference: Any, default: Callable[..., Any] | None = None) -> Callable[..., Any] | None:
    """A 'module:attr' reference (or a callable) to the callable it names."""
    if reference is None or reference == "":
        return default
    if callable(reference):
        return reference
    module_name, _, attribute = str(reference).partition(":")
    if not module_name or not attribute:
        raise ValueError(f"{reference!r} is not a module:attr reference")
    if module_name == __name__ and attribute == "checklist_reward":
        return checklist_reward
    target: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise TypeError(f"{reference!r} does not name a callable")
    return target


def _dataset_rows(tasks: list[dict[str, Any]], system_prompt: str = "") -> list[dict[str, Any]]:
    # The system prompt goes into the prompt itself (verifiers only adds 'system_prompt=' when it builds the prompt
    # from a question), and info is a JSON string: its keys differ between tasks, which Arrow cannot type as one struct.
    # The task's own id stays in info: verifiers numbers 'example_id' itself and renames a non-integer one.
    system = [{"role": "system", "content": system_prompt}] if system_prompt else []
    return [
        {"prompt": system + list(task["prompt"]), "answer": "", "info": json.dumps(task.get("info", {}), sort_keys=True)}
        for task in tasks
    ]


def _tool_def(vf: Any, tool: dict[str, Any]) -> Any:
    """A spec tool as verifiers declares one: vf.Tool(name, description, parameters), never the OpenAI wrapper."""
    definition = {
        "name": tool["name"],
        "description": tool.get("description", ""),
        "parameters": tool.get("parameters") or {"type": "object", "properties": {}},
    }
    make = getattr(vf, "Tool", None)
    return make(**definition) if make is not None else definition


def _tool_message(vf: Any, call_id: str, content: str) -> Any:
    make = getattr(vf, "ToolMessage", None)
    message = {"role": "tool", "tool_call_id": call_id, "content": content}
    return make(**message) if make is not None else message


def _environment_class(vf: Any) -> type:
    class WhileStudioEnv(vf.ToolEnv):  # type: ignore[misc, name-defined]
        """verifiers' ToolEnv offering the spec's tools, with the mock world (or 'execute') answering their calls.

        ToolEnv stops a rollout when the model answers without a tool call, and counts the calls.
        """

        def __init__(self, spec: dict[str, Any], execute: Callable[..., Any] | None, world: dict[str, Any], **kwargs: Any) -> None:
            self.spec = spec
            self.execute = execute
            self.world_dials = world
            super().__init__(tools=[], **kwargs)
            # ToolEnv builds tool_defs from Python callables; these tools are JSON Schemas answered in env_response.
            # verifiers reads tool_defs at every rollout, so setting it after __init__ is how StatefulToolEnv does it.
            self.tool_defs = [_tool_def(vf, tool) for tool in spec.get("tools", [])]

        async def env_response(self, messages: Any, state: Any, **kwargs: Any) -> list[Any]:
            info = parse_info(state.get("info"))
            world = MockWorld(
                self.spec.get("tools", []),
                info.get("seed", 0),
                info.get("world_state", ""),
                info.get("faults"),
                self.world_dials,
                state.get("world_memory"),
            )
            replies = []
            for name, raw, call_id in tool_calls(messages[-1] if messages else None):
                try:
                    arguments = json.loads(raw) if isinstance(raw, str) else dict(raw or {})
                    if not isinstance(arguments, dict):
                        raise ValueError("arguments are not an object")
                except (TypeError, ValueError):
                    result: Any = {"status": "error", "reason": "arguments_not_json"}
                else:
                    if self.execute is not None:
                        result = self.execute(name, arguments, info)
                        if inspect.isawaitable(result):
                            result = await result
                    else:
                        result = world.call(name, arguments)
                replies.append(_tool_message(vf, call_id, result if isinstance(result, str) else json.dumps(result)))
            state["world_memory"] = world.memory()
            return replies

    return WhileStudioEnv


def load_environment(
    spec: str | dict[str, Any] | None = None,
    split: str = "train",
    reward: str | Callable[..., Any] | None = None,
    execute: str | Callable[..., Any] | None = None,
    world: dict[str, Any] | None = None,
    max_turns: int | None = None,
    **kwargs: Any,
) -> Any:
    """Builds the environment: 'split' tasks as the dataset, the holdout as 'eval_dataset'.

    'reward' and 'execute' override the spec's 'module:attr' references; 'world' overrides its world dials.
    """
    try:
        import verifiers as vf
        from datasets import Dataset
    except ImportError as error:
        raise ImportError("this environment needs 'verifiers' (and 'datasets'): pip install '${VERIFIERS_REQUIREMENT}'") from error
    spec_data = spec if isinstance(spec, dict) else read_spec(spec)
    reward_fn = _resolve(reward or spec_data.get("reward"), default=checklist_reward)
    execute_fn = _resolve(execute or spec_data.get("execute"))
    dials = {**(spec_data.get("world") or {}), **(world or {})}
    system_prompt = str(spec_data.get("system_prompt") or "")
    train_rows = _dataset_rows(read_tasks(split), system_prompt)
    if not train_rows:
        raise ValueError(f"split {split!r} has no tasks")
    holdout_rows = _dataset_rows(read_tasks("holdout"), system_prompt) if split != "holdout" else []
    rubric = vf.Rubric(funcs=[guarded_reward(reward_fn), n_calls, judge_ok, truncated, trace_clean], weights=[1.0, 0.0, 0.0, 0.0, 0.0])
    env_class = _environment_class(vf)
    return env_class(
        spec=spec_data,
        execute=execute_fn,
        world=dials,
        dataset=Dataset.from_list(train_rows),
        eval_dataset=Dataset.from_list(holdout_rows) if holdout_rows else None,
        rubric=rubric,
        max_turns=int(max_turns or spec_data.get("max_turns") or MAX_TURNS_FALLBACK),
        **kwargs,
    )

`;
