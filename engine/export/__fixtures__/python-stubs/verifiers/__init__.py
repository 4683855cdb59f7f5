from typing import Any

class Rubric:
    def __init__(self, funcs=None, weights=None, **kwargs):
        self.funcs = list(funcs or [])
        self.weights = list(weights or [])

class MultiTurnEnv:
    def __init__(self, dataset=None, eval_dataset=None, rubric=None, max_turns=10, oai_tools=None, **kwargs):
        self.dataset = dataset
        self.eval_dataset = eval_dataset
        self.rubric = rubric
        self.max_turns = max_turns
        self.oai_tools = oai_tools
        self.extra = kwargs

class ToolEnv(MultiTurnEnv):
    def __init__(self, tools=None, max_turns=10, **kwargs):
        self.tools = tools or []
        self.oai_tools = []
        super().__init__(oai_tools=self.oai_tools, max_turns=max_turns, **kwargs)

    async def env_response(self, messages, state, **kwargs) -> "list":
        raise NotImplementedError
