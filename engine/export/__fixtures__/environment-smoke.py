"""Imports an exported environment package and drives it with stand-in verifiers/datasets modules.

argv: folder holding the package, folder holding the stubs, package name.
"""

import asyncio
import importlib
import json
import sys

folder, stubs, name = sys.argv[1:4]
sys.path.insert(0, folder)
env = importlib.import_module(name)
try:
    env.load_environment()
except ImportError as error:
    assert "verifiers" in str(error), error
else:
    raise AssertionError("load_environment must say verifiers is missing")

sys.path.insert(0, stubs)
built = env.load_environment()
spec = env.read_spec()
assert built.max_turns == spec["max_turns"]
assert [tool["function"]["name"] for tool in built.oai_tools] == [tool["name"] for tool in spec["tools"]]
first = built.dataset[0]
assert first["prompt"][0] == {"role": "system", "content": spec["system_prompt"]}, first["prompt"]
assert first["prompt"][1]["role"] == "user"
info = json.loads(first["info"])
assert "privileged" not in first["info"] and "seed" in info
assert built.eval_dataset is None or len(built.eval_dataset) == len(env.read_tasks("holdout"))


def call(call_id, tool, arguments):
    return {"role": "assistant", "content": "", "tool_calls": [{"id": call_id, "type": "function", "function": {"name": tool, "arguments": json.dumps(arguments)}}]}


state = {"info": first["info"]}
replies = asyncio.run(built.env_response([call("c1", "lookup_order", {"order_id": "A1001"})], state))
assert replies[0]["tool_call_id"] == "c1" and "status" in json.loads(replies[0]["content"]), replies
again = asyncio.run(built.env_response([call("c1", "lookup_order", {"order_id": "A1001"})], {"info": first["info"]}))
assert again == replies, "the same task must meet the same world"
bad = asyncio.run(built.env_response([{"role": "assistant", "content": "", "tool_calls": [{"id": "c2", "type": "function", "function": {"name": "lookup_order", "arguments": "{oops"}}]}], state))
assert json.loads(bad[0]["content"])["reason"] == "arguments_not_json"
assert state["world_memory"]["calls"]["lookup_order"] == 1

reward = built.rubric.funcs[0]
prompt = [{"role": "user", "content": "Refund A1001 please"}]
good = [
    call("c1", "lookup_order", {"order_id": "A1001"}),
    {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"status": "timeout"})},
    call("c2", "lookup_order", {"order_id": "A1001"}),
    {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"status": "ok"})},
    {"role": "assistant", "content": "Order A1001 is in order."},
]
scored = {}
assert asyncio.run(reward(completion=good, state=scored, prompt=prompt, info="{}")) == 1.0 and scored["judge_ok"] == 1.0
assert asyncio.run(reward(completion=good[:2] + [{"role": "assistant", "content": "All set!"}], state={}, prompt=prompt)) == 0.0
invented = [call("c9", "issue_refund", {"order_id": "Z9999", "amount": 1}), {"role": "tool", "tool_call_id": "c9", "content": "{}"}, {"role": "assistant", "content": "Done."}]
assert asyncio.run(reward(completion=invented, state={}, prompt=prompt)) == 0.0
assert asyncio.run(reward(completion=good[:1], state={}, prompt=prompt)) == 0.0, "truncated at the cap scores 0"


def broken(**kwargs):
    raise RuntimeError("judge down")


scored = {}
assert asyncio.run(env.rewards.guarded_reward(broken)(completion=good, state=scored)) == 0.0 and scored["judge_ok"] == 0.0
assert env.rewards.n_calls(completion=good) == 2.0 and env.rewards.trace_clean(completion=good) == 0.0

world = env.MockWorld(spec["tools"], 8, "entity missing", {}, {})
assert world.call("lookup_order", {"order_id": "A1002"})["status"] == "not_found"
assert world.call("lookup_order", {})["status"] == "rejected"
assert world.call("nope", {})["reason"] == "unknown_tool"
faulty = env.MockWorld(spec["tools"], 8, "entity exists", {"issue_refund": {"mode": "timeout", "rate": 1.0}}, {})
assert faulty.call("issue_refund", {"order_id": "A1001", "amount": 5})["status"] == "timeout"
print("environment smoke ok")
