"""ToolEnv (VERIFIERS.md sections 2 and 3): tool_defs built from Python callables, flat calls answered by call_tool,
and the no_tools_called stop."""

from __future__ import annotations

import inspect
import json
from typing import Any, Callable

from .envs import State, stop
from .multiturn import MultiTurnEnv
from .rubric import ToolMonitorRubric
from .types import Tool, ToolCallError, ToolMessage, ToolParseError

JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object"}


def convert_func_to_tool_def(function: Callable[..., Any]) -> Tool:
    """Name from __name__, description from the docstring's first line, a strict schema from the signature."""
    parameters = inspect.signature(function).parameters
    properties = {name: {"type": JSON_TYPES.get(parameter.annotation, "string")} for name, parameter in parameters.items()}
    description = (inspect.getdoc(function) or "").split("\n\n")[0]
    schema = {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}
    return Tool(name=function.__name__, description=description, parameters=schema, strict=True)


class ToolEnv(MultiTurnEnv):
    def __init__(
        self,
        tools: list[Callable[..., Any]] | None = None,
        max_turns: int = 10,
        error_formatter: Callable[[Exception], str] = lambda error: f"{error}",
        stop_errors: list[type[Exception]] | None = None,
        **kwargs: Any,
    ) -> None:
        self.tools = list(tools or [])
        self.tool_defs = [convert_func_to_tool_def(tool) for tool in self.tools]
        self.tool_map = {tool.__name__: tool for tool in self.tools}
        self.error_formatter = error_formatter
        self.stop_errors = tuple(stop_errors or [])
        # Passing tool_defs= as well raises TypeError here, as in verifiers.
        super().__init__(tool_defs=self.tool_defs, max_turns=max_turns, **kwargs)
        self.add_rubric(ToolMonitorRubric())

    @stop
    def no_tools_called(self, state: State) -> bool:
        if not state["trajectory"]:
            return False
        last = state["trajectory"][-1]["completion"][-1]
        return last.get("role") == "assistant" and not last.get("tool_calls")

    async def call_tool(self, name: str, arguments: dict[str, Any], tool_call_id: str) -> ToolMessage:
        try:
            result = self.tool_map[name](**arguments)
            if inspect.isawaitable(result):
                result = await result
            content = result if isinstance(result, list) else str(result)
        except Exception as error:
            if isinstance(error, self.stop_errors):
                raise ToolCallError(str(error)) from error
            content = self.error_formatter(error)
        return ToolMessage(tool_call_id=tool_call_id, content=content)

    async def env_response(self, messages: list[Any], state: State, **kwargs: Any) -> list[Any]:
        replies = []
        for call in messages[-1].get("tool_calls") or []:
            try:
                arguments = json.loads(call.arguments)
            except ValueError as error:
                raise ToolParseError(str(error)) from error
            replies.append(await self.call_tool(call.name, arguments, call.id))
        return replies
