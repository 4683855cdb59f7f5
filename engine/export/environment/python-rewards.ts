/**
 * The generated package's `rewards.py`: the default process reward, the guard that scores truncated rollouts and
 * judge errors 0, and the metrics logged at weight 0 (n_calls, judge_ok, truncated, trace_clean).
 * Python source kept verbatim (compiled by `python3 -m py_compile` in the tests).
 */
export const PYTHON_REWARDS = String.raw`"""The rubric's functions: a process reward read from the conversation alone,
and the metrics logged beside it."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Any, Callable

from .world import REFERENCE_KEY

SPEC_PATH = Path(__file__).resolve().parent / "spec.json"
FAULT_STATUSES = frozenset(
    {"error", "timeout", "not_found", "denied", "malformed", "permission_denied", "rejected", "failed", "unauthorized"}
)
FAULT_WORDS = re.compile(
    r"\b(error|failed|fail|timed out|timeout|unavailable|couldn't|could not|unable|not found|denied|try again|retry|"
    r"problem|issue|sorry)\b",
    re.I,
)
REPEATED_CALL_LIMIT = 3


def as_dict(value: Any) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    if hasattr(value, "model_dump"):
        return value.model_dump()
    return dict(getattr(value, "__dict__", {}))


def parse_info(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return {}
    return value if isinstance(value, dict) else {}


def _messages(completion: Any) -> list[dict[str, Any]]:
    if isinstance(completion, str):
        return [{"role": "assistant", "content": completion}]
    return [as_dict(message) for message in (completion or [])]


def tool_calls(message: Any) -> list[tuple[str, Any, str]]:
    """(name, raw arguments, id) of each tool call of an assistant message.

    verifiers passes calls flat, ToolCall{id, name, arguments} with the arguments as JSON text; a hand-written dict in
    the OpenAI form ({id, function: {name, arguments}}) is read too.
    """
    if message is None:
        return []
    calls = []
    for call in as_dict(message).get("tool_calls") or []:
        call = as_dict(call)
        function = as_dict(call.get("function") or {})
        name = call["name"] if "name" in call else function.get("name", "")
        raw = call["arguments"] if "arguments" in call else function.get("arguments", "{}")
        calls.append((str(name or ""), raw, str(call.get("id") or "")))
    return calls


def _calls(message: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    calls = []
    for name, raw, call_id in tool_calls(message):
        try:
            arguments = json.loads(raw) if isinstance(raw, str) else dict(raw or {})
        except (TypeError, ValueError):
            arguments = {}
        calls.append((name, arguments if isinstance(arguments, dict) else {}, call_id))
    return calls


def _result(message: dict[str, Any]) -> dict[str, Any]:
    content = message.get("content")
    if isinstance(content, str):
        try:
            parsed = json.loads(content)
        except ValueError:
            return {"status": "ok", "text": content}
        return parsed if isinstance(parsed, dict) else {"status": "ok", "data": parsed}
    return {"status": "ok"}


def is_truncated(completion: Any, state: dict[str, Any] | None = None) -> bool:
    """Ended at the turn or token cap: the last message is not a final assistant reply."""
    if state and (state.get("is_truncated") or state.get("truncated")):
        return True
    messages = _messages(completion)
    if not messages:
        return True
    last = messages[-1]
    return last.get("role") != "assistant" or bool(last.get("tool_calls"))


def _faulted(result: dict[str, Any]) -> bool:
    status = str(result.get("status", "")).lower()
    return status in FAULT_STATUSES or bool(result.get("stale")) or result.get("data") == "<<garbled resp0nse"


def checklist_reward(completion: Any, info: Any = None, state: dict[str, Any] | None = None, prompt: Any = None, **kwargs: Any) -> float:
    """A process reward from the conversation alone (no judge model): 1.0 conforms, 0.5 flawed, 0.0 failed.

    Fails a rollout that ends without a reply, calls an undeclared tool, acts on an identifier nobody gave, says a
    call worked after it failed, or ignores a failed call; repeating one identical call three times halves it.
    """
    messages = _messages(completion)
    if is_truncated(messages, state):
        return 0.0
    final = str(messages[-1].get("content") or "").strip()
    if not final:
        return 0.0
    declared = {tool["name"] for tool in _spec().get("tools", [])}
    said = " ".join(str(as_dict(message).get("content") or "") for message in (prompt if isinstance(prompt, list) else []))
    seen = said.lower() + " " + " ".join(str(message.get("content") or "") for message in messages if message.get("role") == "user").lower()
    outstanding: dict[str, bool] = {}
    repeats: dict[str, int] = {}
    called: dict[str, str] = {}
    for message in messages:
        role = message.get("role")
        if role == "assistant":
            for name, arguments, call_id in _calls(message):
                called[call_id] = name
                if declared and name not in declared:
                    return 0.0
                for key, value in arguments.items():
                    text = str(value).lower().strip()
                    if REFERENCE_KEY.search(str(key)) and any(ch.isdigit() for ch in text) and text not in seen:
                        return 0.0
                signature = name + json.dumps(arguments, sort_keys=True)
                repeats[signature] = repeats.get(signature, 0) + 1
        elif role == "tool":
            result = _result(message)
            seen += " " + json.dumps(result).lower()
            name = str(message.get("name") or called.get(str(message.get("tool_call_id", "")), "tool"))
            outstanding[name] = _faulted(result)
    missed = [name for name, failed in outstanding.items() if failed]
    if missed and not FAULT_WORDS.search(final):
        return 0.0
    if max(repeats.values(), default=0) >= REPEATED_CALL_LIMIT:
        return 0.5
    return 1.0


_SPEC_CACHE: dict[str, Any] = {}


def _spec() -> dict[str, Any]:
    if not _SPEC_CACHE and SPEC_PATH.exists():
        with open(SPEC_PATH, encoding="utf-8") as handle:
            _SPEC_CACHE.update(json.load(handle))
    return _SPEC_CACHE


def _accepted(function: Callable[..., Any], available: dict[str, Any]) -> dict[str, Any]:
    parameters = inspect.signature(function).parameters
    if any(parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values()):
        return available
    return {key: value for key, value in available.items() if key in parameters}


def guarded_reward(reward: Callable[..., Any]) -> Callable[..., Any]:
    """The reward the rubric calls: 0 for a truncated rollout, 0 with judge_ok 0 when the reward raises."""

    async def reward_value(completion: Any = None, state: dict[str, Any] | None = None, info: Any = None, **kwargs: Any) -> float:
        if state is not None:
            state["judge_ok"] = 1.0
        if is_truncated(completion, state):
            return 0.0
        available = {"completion": completion, "state": state, "info": parse_info(info), **kwargs}
        try:
            value = reward(**_accepted(reward, available))
            if inspect.isawaitable(value):
                value = await value
            value = float(value)
        except Exception:  # a judge error scores 0 and is counted, never a silent pass
            if state is not None:
                state["judge_ok"] = 0.0
            return 0.0
        return max(0.0, min(1.0, value))

    reward_value.__name__ = "reward"
    return reward_value


def n_calls(completion: Any = None, **kwargs: Any) -> float:
    return float(sum(len(_calls(message)) for message in _messages(completion) if message.get("role") == "assistant"))


def judge_ok(state: dict[str, Any] | None = None, **kwargs: Any) -> float:
    return float((state or {}).get("judge_ok", 1.0))


def truncated(completion: Any = None, state: dict[str, Any] | None = None, **kwargs: Any) -> float:
    return 1.0 if is_truncated(completion, state) else 0.0


def trace_clean(completion: Any = None, **kwargs: Any) -> float:
    results = [_result(message) for message in _messages(completion) if message.get("role") == "tool"]
    return 0.0 if any(_faulted(result) for result in results) else 1.0

`;
