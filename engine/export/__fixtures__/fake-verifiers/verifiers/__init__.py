"""A fake of verifiers' v0 API (`import verifiers as vf`) for testing exported environment packages offline.

Written for While Studio from the handbook's VERIFIERS.md (verifiers main @ a60a606, v0.3.0 + 62 commits), sections
1-9: the constructors' signatures and checks, flat tool calls, the @final rollout loop with its stop conditions, and the
rubric's scoring. It is not verifiers' code and covers only what an environment package meets; where the real library
raises, this raises too, so a package written for the old 0.1.x shapes fails here as it would there.
"""

from .envs import Environment, stop
from .multiturn import MultiTurnEnv, SingleTurnEnv
from .tool_env import ToolEnv
from .rubric import MultiTurnMonitorRubric, Parser, Rubric, RubricGroup, ToolMonitorRubric
from .types import (
    AssistantMessage,
    Error,
    State,
    SystemMessage,
    Tool,
    ToolCall,
    ToolCallError,
    ToolMessage,
    ToolParseError,
    UserMessage,
    normalize_message,
)

__all__ = [
    "AssistantMessage",
    "Environment",
    "Error",
    "MultiTurnEnv",
    "MultiTurnMonitorRubric",
    "Parser",
    "Rubric",
    "RubricGroup",
    "SingleTurnEnv",
    "State",
    "SystemMessage",
    "Tool",
    "ToolCall",
    "ToolCallError",
    "ToolEnv",
    "ToolMessage",
    "ToolMonitorRubric",
    "ToolParseError",
    "UserMessage",
    "normalize_message",
    "stop",
]
