#!/usr/bin/env python3
"""Trains the value network (engine/ai/win_net.h): each seat's chance to win from the coach's
public features, on the positions tools/fit_win_model writes with --dump, and compares it on the
held-out games with the linear win model fitted on the same positions (docs/AI.md, "The value
network").

The network scores each seat from its own features and the other seats' (their mean and
maximum), with one set of weights for every seat; a softmax over the seats gives the chances,
as the linear model's does. Games with game % 5 == 0 are the test set (as in fit_win_model),
game % 5 == 1 the validation set that picks the epoch; the rest train. Several position files
train together (a next generation adds the searchers' own games to the earlier data).

  build/native-release/tools/fit_win_model --games 10000 --seed 11 --dump build/positions.csv
  /usr/bin/python3 tools/train_win_net.py build/positions.csv [more.csv ...] [--hidden 32]
      [--seed 1] [--epochs 8] [--init build/win_net.json] [--out build/win_net.json]
      [--cpp engine/ai/win_net_weights.cpp]

--cpp writes the weights as the build embeds them; --out as JSON, which --init starts from.
Needs numpy and PyTorch (Debian: python3-numpy, python3-torch). Deterministic for a seed on
one machine (torch.use_deterministic_algorithms, one thread).
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np

try:
    import torch
except ImportError:
    sys.exit('train_win_net: PyTorch is missing (apt-get install python3-torch)')

SEATS = 4


def load_all(paths):
    """The position files as one set; the games of file i are numbered from i * 10**7, which
    keeps every game's side of the split (game % 5)."""
    parts = [load(p) for p in paths]
    for i, d in enumerate(parts):
        if d['names'] != parts[0]['names']:
            sys.exit(f'train_win_net: {paths[i]} has other features')
        d['game'] = d['game'] + i * 10**7
    out = {k: np.concatenate([d[k] for d in parts]) for k in ('game', 'players', 'winner', 'x')}
    out['names'] = parts[0]['names']
    return out


def load(path):
    with open(path) as f:
        header = f.readline().strip().split(',')
    data = np.loadtxt(path, delimiter=',', skiprows=1, dtype=np.float64, ndmin=2)
    names = [h[3:] for h in header if h.startswith('s0_') and h != 's0_evaluate']
    k = len(names)
    per_seat = k + 1  # the features, then evaluate()
    feats = np.zeros((len(data), SEATS, k))
    for s in range(SEATS):
        start = 4 + s * per_seat
        feats[:, s, :] = data[:, start:start + k]
    return {
        'game': data[:, 0].astype(np.int64),
        'players': data[:, 2].astype(np.int64),
        'winner': data[:, 3].astype(np.int64),
        'x': feats,
        'names': names,
    }


class SeatNet(torch.nn.Module):
    """score(seat) = MLP([own, mean of the others, max of the others]); seats past `players`
    are masked out of the softmax."""

    def __init__(self, k, hidden):
        super().__init__()
        layers, width = [], 3 * k
        for h in hidden:
            layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
            width = h
        layers.append(torch.nn.Linear(width, 1))
        self.mlp = torch.nn.Sequential(*layers)

    def forward(self, x, mask):
        # x: [n, seats, k]; mask: [n, seats] (1 for a seat in the game)
        m = mask.unsqueeze(-1)
        count = mask.sum(1, keepdim=True).unsqueeze(-1)
        total = (x * m).sum(1, keepdim=True)
        mean_others = (total - x) / (count - 1).clamp(min=1)
        big = torch.where(m > 0, x, torch.full_like(x, -1e9))
        n, s, k = x.shape
        max_others = torch.stack([
            torch.cat([big[:, :j], big[:, j + 1:]], 1).max(1).values for j in range(s)], 1)
        max_others = torch.where(m > 0, max_others, torch.zeros_like(max_others))
        z = self.mlp(torch.cat([x, mean_others, max_others], -1)).squeeze(-1)
        return z.masked_fill(mask == 0, -1e9)


class Linear(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.w = torch.nn.Linear(k, 1, bias=False)

    def forward(self, x, mask):
        return self.w(x).squeeze(-1).masked_fill(mask == 0, -1e9)


def evaluate(model, part):
    with torch.no_grad():
        z = model(part['x'], part['mask'])
        loss = torch.nn.functional.cross_entropy(z, part['y']).item()
        acc = (z.argmax(1) == part['y']).double().mean().item()
    return loss, acc


def train(model, parts, epochs, lr, weight_decay, batch, seed):
    torch.manual_seed(seed)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=weight_decay)
    tr = parts['train']
    n = len(tr['y'])
    best = (math.inf, None, 0)
    gen = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        order = torch.randperm(n, generator=gen)
        for i in range(0, n, batch):
            idx = order[i:i + batch]
            z = model(tr['x'][idx], tr['mask'][idx])
            loss = torch.nn.functional.cross_entropy(z, tr['y'][idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        val, _ = evaluate(model, parts['val'])
        if val < best[0]:
            best = (val, {k: v.clone() for k, v in model.state_dict().items()}, epoch + 1)
    model.load_state_dict(best[1])
    return best[2]


def floats(values):
    """float32 literals that give back the same bits."""
    def one(v):
        t = f'{np.float32(v):.9g}'
        return t + ('f' if any(c in t for c in '.en') else '.f')
    return ', '.join(one(v) for v in values)


def write_cpp(path, names, mean, std, layers, provenance):
    """The weights as C++ source: the feature names, their normalization and the layers."""
    lines = [
        '// Written by tools/train_win_net.py --cpp (docs/AI.md, "The value network"): do not',
        '// edit by hand.',
        '#include "engine/ai/win_net.h"',
        '',
        'namespace catan::ai {',
        '',
        'namespace {',
        '',
        '// clang-format off',
        'const char* const kNames[] = {' + ', '.join(f'"{n}"' for n in names) + '};',
        f'static_assert(sizeof(kNames) / sizeof(kNames[0]) == kNumWinFeatures);',
        'const double kMean[] = {' + ', '.join(f'{v:.17g}' for v in mean) + '};',
        'const double kStd[] = {' + ', '.join(f'{v:.17g}' for v in std) + '};',
    ]
    table = []
    for i, m in enumerate(layers):
        w = m.weight.detach().numpy()
        b = m.bias.detach().numpy()
        lines.append(f'const float kW{i}[] = {{{floats(w.reshape(-1))}}};')
        lines.append(f'const float kB{i}[] = {{{floats(b)}}};')
        table.append(f'{{{w.shape[1]}, {w.shape[0]}, kW{i}, kB{i}}}')
    lines += [
        'const WinNetLayer kLayers[] = {' + ', '.join(table) + '};',
        '// clang-format on',
        '',
        '}  // namespace',
        '',
        'const WinNetWeights& win_net_weights() {',
        '  // clang-format off',
        f'  static const WinNetWeights w{{kNames, kMean, kStd, kLayers, {len(layers)},',
        f'      "{provenance}"}};',
        '  // clang-format on',
        '  return w;',
        '}',
        '',
        '}  // namespace catan::ai',
        '',
    ]
    with open(path, 'w') as f:
        f.write('\n'.join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('positions', nargs='+')
    ap.add_argument('--hidden', default='64,32')
    ap.add_argument('--epochs', type=int, default=60)
    ap.add_argument('--lr', type=float, default=1e-3)
    ap.add_argument('--weight-decay', type=float, default=1e-4)
    ap.add_argument('--batch', type=int, default=256)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--out', default='')
    ap.add_argument('--cpp', default='',
                    help='write the weights as engine/ai/win_net_weights.cpp holds them')
    ap.add_argument('--init', default='',
                    help='start from the weights of a JSON file written with --out')
    a = ap.parse_args()
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(a.seed)

    d = load_all(a.positions)
    split = d['game'] % 5
    train_rows = split >= 2
    mean = d['x'][train_rows].reshape(-1, d['x'].shape[2]).mean(0)
    std = d['x'][train_rows].reshape(-1, d['x'].shape[2]).std(0) + 1e-6
    start = None
    if a.init:  # a warm start keeps the normalization its weights were trained with
        with open(a.init) as f:
            start = json.load(f)
        mean, std = np.array(start['mean']), np.array(start['std'])
    x = (d['x'] - mean) / std
    mask = (np.arange(SEATS)[None, :] < d['players'][:, None]).astype(np.float32)
    x = x * mask[:, :, None]

    def part(rows):
        return {'x': torch.tensor(x[rows], dtype=torch.float32),
                'mask': torch.tensor(mask[rows]),
                'y': torch.tensor(d['winner'][rows])}

    parts = {'train': part(train_rows), 'val': part(split == 1), 'test': part(split == 0)}
    games = {k: len(set(d['game'][r])) for k, r in
             (('train', train_rows), ('val', split == 1), ('test', split == 0))}
    print(f"{len(d['winner'])} positions; games: train {games['train']}, "
          f"validation {games['val']}, test {games['test']}; {len(d['names'])} features a seat")

    k = len(d['names'])
    hidden = [int(h) for h in a.hidden.split(',') if h]
    rows = []
    t0 = time.time()
    lin = Linear(k)
    ep = train(lin, parts, a.epochs, 1e-2, 0.0, a.batch, a.seed)
    rows.append(('linear (the win model\'s form)', lin, ep, time.time() - t0))
    t0 = time.time()
    net = SeatNet(k, hidden)
    if start:
        lins = [m for m in net.mlp if isinstance(m, torch.nn.Linear)]
        if len(lins) != len(start['layers']):
            sys.exit('train_win_net: --init has another shape')
        with torch.no_grad():
            for m, l in zip(lins, start['layers']):
                m.weight.copy_(torch.tensor(l['w']))
                m.bias.copy_(torch.tensor(l['b']))
    ep = train(net, parts, a.epochs, a.lr, a.weight_decay, a.batch, a.seed)
    params = sum(p.numel() for p in net.parameters())
    rows.append((f'network {a.hidden} ({params} parameters)', net, ep, time.time() - t0))

    const = {p: (math.log(SEATS), 1 / SEATS) for p in parts}
    print(f"\n| model | epochs | train s | train loss | validation loss | test loss | test acc |")
    print('|---|---:|---:|---:|---:|---:|---:|')
    print(f"| constant (1 / players) | - | - | {const['train'][0]:.4f} | {const['val'][0]:.4f} | "
          f"{const['test'][0]:.4f} | - |")
    for name, model, ep, secs in rows:
        tr, _ = evaluate(model, parts['train'])
        va, _ = evaluate(model, parts['val'])
        te, acc = evaluate(model, parts['test'])
        print(f'| {name} | {ep} | {secs:.0f} | {tr:.4f} | {va:.4f} | {te:.4f} | {100 * acc:.1f}% |')
    if len(a.positions) > 1:  # each file's own held-out games
        print('\n| test games of | model | test loss | test acc |\n|---|---|---:|---:|')
        for i, path in enumerate(a.positions):
            rows_i = (split == 0) & (d['game'] // 10**7 == i)
            for name, model, _, _ in rows:
                te_i, acc_i = evaluate(model, part(rows_i))
                print(f'| {os.path.basename(path)} | {name} | {te_i:.4f} | {100 * acc_i:.1f}% |')

    layers = [m for m in net.mlp if isinstance(m, torch.nn.Linear)]
    te, acc = evaluate(net, parts['test'])
    if a.cpp:
        files = ' + '.join(os.path.basename(p) for p in a.positions)
        provenance = (f"{files}: {len(d['winner'])} positions of "
                      f"{len(set(d['game']))} games; hidden {a.hidden}, seed {a.seed}, "
                      f"lr {a.lr}, weight decay {a.weight_decay}, batch {a.batch}, "
                      f"{a.epochs} epochs; held-out log-loss {te:.4f}, winner right "
                      f"{100 * acc:.1f}%")
        write_cpp(a.cpp, d['names'], mean, std, layers, provenance)
        print(f'wrote {a.cpp}')
    if a.out:
        out = {
            'format': 'catan-win-net', 'version': 1, 'features': d['names'],
            'mean': mean.tolist(), 'std': std.tolist(),
            'layers': [{'w': m.weight.detach().tolist(), 'b': m.bias.detach().tolist()}
                       for m in layers],
        }
        with open(a.out, 'w') as f:
            json.dump(out, f)
        print(f'\nwrote {a.out}')


if __name__ == '__main__':
    main()
