"""MultiTurnEnv's @final rollout loop (VERIFIERS.md section 5) and SingleTurnEnv."""

from __future__ import annotations

from typing import Any

from .envs import Environment, State, stop, to_native_tool
from .rubric import MultiTurnMonitorRubric
from .types import Error, normalize_message


class MultiTurnEnv(Environment):
    def __init__(self, max_turns: int = -1, timeout_seconds: float | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_turns = max_turns
        self.timeout_seconds = timeout_seconds
        self.add_rubric(MultiTurnMonitorRubric())

    async def env_response(self, messages: list[Any], state: State, **kwargs: Any) -> list[Any]:
        raise NotImplementedError("a MultiTurnEnv subclass answers the model in env_response")

    @stop
    def max_turns_reached(self, state: State) -> bool:
        return self.max_turns > 0 and len(state["trajectory"]) >= self.max_turns

    async def get_prompt_messages(self, state: State) -> list[Any]:
        if not state["trajectory"]:
            return list(state["prompt"])
        last = state["trajectory"][-1]
        messages = list(last["prompt"]) + list(last["completion"])
        new = await self.env_response(messages, state)
        if not isinstance(new, list):
            raise TypeError(f"env_response returns the new messages as a list, got {type(new).__name__}")
        return messages + [normalize_message(message) for message in new]

    async def get_model_response(self, state: State, prompt: list[Any]) -> Any:
        tools = [to_native_tool(tool) for tool in state["tool_defs"]] or None
        response = await state["client"].get_response(prompt=prompt, model=state["model"], tools=tools)
        return normalize_message(response)

    async def add_model_response(self, state: State, prompt: list[Any], response: Any) -> None:
        state["trajectory"].append(
            {
                "prompt": prompt,
                "completion": [response],
                "response": response,
                "tokens": None,
                "reward": None,
                "advantage": None,
                "is_truncated": False,
                "trajectory_id": state["trajectory_id"],
                "extras": {},
            }
        )

    async def rollout(self, row: dict[str, Any], client: Any, model: str, sampling_args: dict[str, Any] | None = None) -> State:
        state = await self.init_state(row, client, model, sampling_args)
        state = await self.setup_state(state)
        while not await self.is_completed(state):
            try:
                prompt = await self.get_prompt_messages(state)
                if state.get("final_env_response") is not None:
                    continue
                response = await self.get_model_response(state, prompt)
            except Error as error:
                state["error"] = error
                continue
            await self.add_model_response(state, prompt, response)
        last = state["trajectory"][-1] if state["trajectory"] else {"prompt": state["prompt"], "completion": []}
        conversation = list(last["prompt"]) + list(last["completion"]) + list(state.get("final_env_response") or [])
        state["completion"] = conversation[len(state["prompt"]) :]
        return state


class SingleTurnEnv(MultiTurnEnv):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_turns=1, **kwargs)

    async def env_response(self, messages: list[Any], state: State, **kwargs: Any) -> list[Any]:
        return []
