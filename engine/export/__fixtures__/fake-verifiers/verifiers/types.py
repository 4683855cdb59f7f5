"""Messages, tool calls, tools and the rollout state, as VERIFIERS.md sections 3, 4 and 6 describe them."""

from __future__ import annotations

import json
from typing import Any


class Error(Exception):
    """A failure inside the rollout loop: stored in state["error"], which stops the rollout (has_error)."""


class ToolCallError(Error):
    pass


class ToolParseError(Error):
    pass


class CustomBaseModel:
    """Pydantic-like: extra fields allowed; m.x, m["x"], m.get("x"), "x" in m and m.model_dump() all work."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def __getitem__(self, key: str) -> Any:
        if key not in self.__dict__:
            raise KeyError(key)
        return self.__dict__[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.__dict__.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.__dict__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CustomBaseModel) and self.model_dump() == other.model_dump()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.model_dump()!r})"

    def model_dump(self) -> dict[str, Any]:
        def dump(value: Any) -> Any:
            if isinstance(value, CustomBaseModel):
                return value.model_dump()
            if isinstance(value, list):
                return [dump(item) for item in value]
            return value

        return {key: dump(value) for key, value in self.__dict__.items()}


class ToolCall(CustomBaseModel):
    """A tool call is flat: {id, name, arguments} with the arguments as JSON text; no `function`, no `type`."""

    def __init__(self, id: str, name: str, arguments: str) -> None:  # noqa: A002 - verifiers' field name
        if not isinstance(arguments, str):
            raise ValueError("ToolCall.arguments must be the JSON text of the arguments")
        super().__init__(id=id, name=name, arguments=arguments)


class Tool(CustomBaseModel):
    def __init__(self, name: str, description: str, parameters: dict[str, Any], strict: bool | None = None) -> None:
        if not isinstance(parameters, dict):
            raise ValueError("Tool.parameters must be a JSON Schema object")
        super().__init__(name=name, description=description, parameters=parameters, strict=strict)


class SystemMessage(CustomBaseModel):
    def __init__(self, content: Any, role: str = "system", **extra: Any) -> None:
        super().__init__(role=role, content=content, **extra)


class UserMessage(CustomBaseModel):
    def __init__(self, content: Any, role: str = "user", **extra: Any) -> None:
        super().__init__(role=role, content=content, **extra)


class AssistantMessage(CustomBaseModel):
    def __init__(self, content: Any = None, tool_calls: list[ToolCall] | None = None, role: str = "assistant", **extra: Any) -> None:
        calls = None if tool_calls is None else [_tool_call(call) for call in tool_calls]
        fields = {"reasoning_content": None, "thinking_blocks": None, **extra}
        super().__init__(role=role, content=content, tool_calls=calls, **fields)


class ToolMessage(CustomBaseModel):
    def __init__(self, tool_call_id: str, content: Any, role: str = "tool", **extra: Any) -> None:
        if not _is_content(content):
            raise ValueError("ToolMessage.content must be a str or a list of text/image_url parts")
        super().__init__(role=role, tool_call_id=tool_call_id, content=content, **extra)


def _is_content(content: Any) -> bool:
    if isinstance(content, str):
        return True
    return isinstance(content, list) and all(isinstance(part, dict) and part.get("type") in ("text", "image_url") for part in content)


def _tool_call(call: Any) -> ToolCall:
    """A call object stays; a dict in the OpenAI form ({id, function: {name, arguments}}) is made flat."""
    if isinstance(call, ToolCall):
        return call
    if isinstance(call, dict) and isinstance(call.get("function"), dict):
        function = call["function"]
        return ToolCall(id=str(call.get("id", "")), name=function["name"], arguments=function["arguments"])
    if isinstance(call, dict):
        return ToolCall(id=str(call.get("id", "")), name=call["name"], arguments=call["arguments"])
    raise ValueError(f"not a tool call: {call!r}")


_warned_dict_tool_message = False


def normalize_message(message: Any) -> CustomBaseModel:
    """A message object stays; a dict becomes one (a plain-dict tool message is accepted with a one-time warning)."""
    global _warned_dict_tool_message
    if isinstance(message, CustomBaseModel):
        return message
    if not isinstance(message, dict):
        raise ValueError(f"not a message: {message!r}")
    fields = dict(message)
    role = fields.pop("role", None)
    if role == "system":
        return SystemMessage(**fields)
    if role == "user":
        return UserMessage(**fields)
    if role == "assistant":
        return AssistantMessage(**fields)
    if role == "tool":
        if not _warned_dict_tool_message:
            _warned_dict_tool_message = True
            print("warning: a tool message arrived as a plain dict; return vf.ToolMessage")
        return ToolMessage(**fields)
    raise ValueError(f"unknown role {role!r}")


class State(dict):
    """The rollout state: prompt, answer, info and example_id read and write through state["input"]."""

    THROUGH_INPUT = ("prompt", "answer", "info", "example_id")

    def __getitem__(self, key: str) -> Any:
        if key in self.THROUGH_INPUT and "input" in self:
            value = dict.__getitem__(self, "input")[key]
            return json.loads(value) if key == "info" and isinstance(value, str) else value
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __setitem__(self, key: str, value: Any) -> None:
        if key in self.THROUGH_INPUT and "input" in self:
            dict.__getitem__(self, "input")[key] = value
        else:
            dict.__setitem__(self, key, value)
