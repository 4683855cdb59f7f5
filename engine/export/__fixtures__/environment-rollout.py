"""Imports an exported environment package and drives one rollout through the fake of verifiers' current v0 API.

argv: folder holding the package, folder holding the fake `verifiers` and `datasets`, package name. Prints one JSON
line (what the model was offered, the tool's answer, the reward and metrics) after checking the package itself.
"""

import asyncio
import importlib
import json
import re
import sys

folder, fake, name = sys.argv[1:4]
sys.path.insert(0, folder)
package = importlib.import_module(name)
try:
    package.load_environment()
except ImportError as error:
    assert "verifiers" in str(error), error
else:
    raise AssertionError("load_environment must say verifiers is missing")

sys.path.insert(0, fake)
vf = importlib.import_module("verifiers")
env = package.load_environment()
spec = package.read_spec()
assert isinstance(env, vf.ToolEnv), type(env)
assert env.max_turns == spec["max_turns"]
row = env.dataset[0]
assert row["prompt"][0] == {"role": "system", "content": spec["system_prompt"]}, row["prompt"]
info = json.loads(row["info"])
assert "privileged" not in row["info"] and "seed" in info and isinstance(row["example_id"], int)
assert env.eval_dataset is None or len(env.eval_dataset) == len(package.read_tasks("holdout"))

ID = re.compile(r"\b[A-Z]{1,4}-?\d{3,6}\b")
SAMPLE = {"integer": 1, "number": 1.5, "boolean": True, "array": [], "object": {}}


def arguments_for(tool, prompt):
    named = ID.findall(tool.get("description") or "") or ID.findall(prompt)
    schema = tool.get("parameters") or {}
    properties = schema.get("properties") or {}
    return {
        key: SAMPLE.get((properties.get(key) or {}).get("type"), named[0] if named else "A1001") for key in schema.get("required") or []
    }


class ScriptedModel:
    """Calls the first tool once, then answers: the client side of one rollout, recording what it was offered."""

    def __init__(self, tool, arguments):
        self.offered = []
        self.turns = [
            vf.AssistantMessage(content="", tool_calls=[vf.ToolCall(id="call_1", name=tool, arguments=json.dumps(arguments))]),
            vf.AssistantMessage(content="I checked it for you: it is all in order."),
        ]

    async def get_response(self, prompt, model, tools):
        self.offered.append(tools)
        return self.turns[len(self.offered) - 1]


tool = spec["tools"][0]
arguments = arguments_for(tool, row["prompt"][-1]["content"])
model = ScriptedModel(tool["name"], arguments)
state = asyncio.run(env.rollout(row, model, "scripted"))
asyncio.run(env.rubric.score_rollout(state))
expected = package.MockWorld(spec["tools"], info["seed"], info["world_state"], info.get("faults"), spec.get("world") or {}).call(
    tool["name"], arguments
)
completion = state["completion"]
print(
    json.dumps(
        {
            "offered": model.offered,
            "stop_condition": state["stop_condition"],
            "roles": [message["role"] for message in completion],
            "tool_reply": completion[1].model_dump(),
            "world_answer": json.dumps(expected),
            "reward": state["reward"],
            "metrics": state["metrics"],
        }
    )
)

# The same task meets the same world; arguments that are not JSON are answered, not raised.
call = vf.AssistantMessage(content="", tool_calls=[vf.ToolCall(id="c1", name=tool["name"], arguments=json.dumps(arguments))])
first = asyncio.run(env.env_response([call], vf.State(info=info)))
assert first == asyncio.run(env.env_response([call], vf.State(info=info))), "the same task must meet the same world"
broken = vf.AssistantMessage(content="", tool_calls=[vf.ToolCall(id="c2", name=tool["name"], arguments="{oops")])
assert json.loads(asyncio.run(env.env_response([broken], vf.State(info=info)))[0].content)["reason"] == "arguments_not_json"

# The reward reads flat calls: a tool result that failed must be acknowledged in the final reply.
prompt = [vf.UserMessage(content="Refund A1001 please")]
timeout = [call, vf.ToolMessage(tool_call_id="c1", content=json.dumps({"status": "timeout"})), vf.AssistantMessage(content="All set!")]
scored = {}


def functions(rubric):
    return [function for part in rubric.rubrics for function in functions(part)] if isinstance(rubric, vf.RubricGroup) else rubric.funcs


reward = next(function for function in functions(env.rubric) if function.__name__ == "reward")
assert asyncio.run(reward(completion=timeout, state=scored, prompt=prompt, info="{}")) == 0.0 and scored["judge_ok"] == 1.0
assert package.rewards.n_calls(completion=timeout) == 1.0 and package.rewards.trace_clean(completion=timeout) == 0.0

# verifiers refuses the shapes of 0.1.x: the fake does too, so a package still written for them fails here.
for refused in ({"oai_tools": []}, {"tool_defs": [{"type": "function", "function": tool}]}):
    try:
        vf.MultiTurnEnv(dataset=[row], **refused)
    except ValueError:
        pass
    else:
        raise AssertionError(f"the fake must refuse {list(refused)}")
