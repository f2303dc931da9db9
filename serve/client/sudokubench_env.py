"""sudokubench's Sudoku environment over HTTP, with Gymnasium's method names.

Standard library only (urllib, json). Start a server with
`sudokubench serve`, then:

    from sudokubench_env import SudokuEnv
    env = SudokuEnv("http://localhost:8080", corpus="17-clue+28", seed=1)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(action)
    env.close()

An observation is a dict of three lists: "board" (N*N numbers, 0 for a
blank), "givens" (N*N, 1 for a given) and "action_mask" (N*N*N, 1 for a
legal action). Action A places digit A % N + 1 in cell A // N, where
cell = row * N + column. Run this file to play a random agent.
"""

import argparse
import json
import random
import urllib.error
import urllib.request


class EnvError(Exception):
    """A request the server refused: its HTTP status and message."""

    def __init__(self, status, message):
        super().__init__("%d: %s" % (status, message))
        self.status = status
        self.message = message


class Discrete:
    """The action space: the integers 0 to n - 1."""

    def __init__(self, n, seed=None):
        self.n = n
        self._rng = random.Random(seed)

    def sample(self, mask=None):
        """A random action, among those where mask is 1 when one is given."""
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [a for a, m in enumerate(mask) if m]
        return self._rng.choice(legal)


class SudokuEnv:
    """One environment on a sudokubench server.

    The keyword options are those of POST /api/env: corpus, generate,
    variant, hints, deck, seed, reward ("article" or "sparse"), invalid
    ("continue" or "end") and horizon.
    """

    def __init__(self, url="http://localhost:8080", timeout=30, **options):
        self.url = url.rstrip("/")
        self.timeout = timeout
        made = self._call("POST", "/api/env", options)
        self.id = made["id"]
        self.action_space = Discrete(made["action_space"], options.get("seed"))
        self.observation_space = made["observation_space"]
        self.size = made["size"]
        self.rules = made["rules"]

    def reset(self, seed=None, options=None):
        """Start an episode: returns (observation, info)."""
        if options:
            raise ValueError("reset takes no options: give them when making the environment")
        body = {} if seed is None else {"seed": seed}
        got = self._call("POST", self._path("reset"), body)
        return got["observation"], got["info"]

    def step(self, action):
        """Play an action: returns (observation, reward, terminated, truncated, info)."""
        got = self._call("POST", self._path("step"), {"action": int(action)})
        return got["observation"], got["reward"], got["terminated"], got["truncated"], got["info"]

    def close(self):
        """Drop the environment on the server."""
        if self.id is not None:
            self._call("DELETE", "/api/env/%s" % self.id, None)
            self.id = None

    def _path(self, what):
        if self.id is None:
            raise ValueError("the environment is closed: make another")
        return "/api/env/%s/%s" % (self.id, what)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _call(self, method, path, body):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                return json.loads(res.read())
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                message = json.loads(raw)["error"]
            except (ValueError, KeyError):
                message = raw.decode(errors="replace")
            raise EnvError(e.code, message) from None


def main():
    parser = argparse.ArgumentParser(description="Play a random agent over the action mask.")
    parser.add_argument("--url", default="http://localhost:8080")
    parser.add_argument("--corpus", default="17-clue+28")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with SudokuEnv(args.url, corpus=args.corpus, seed=args.seed) as env:
        for episode in range(args.episodes):
            obs, info = env.reset(seed=args.seed + episode)
            done = False
            while not done:
                action = env.action_space.sample(obs["action_mask"])
                obs, reward, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            print(json.dumps({"puzzle": info["puzzle"], "steps": info["steps"], "return": info["return"],
                              "solved": info["solved"], "dead_end": info["dead_end"],
                              "terminated": terminated, "truncated": truncated}))


if __name__ == "__main__":
    main()
