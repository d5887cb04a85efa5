"""Synthesize the game's sound effects into OGG Vorbis files (run once; outputs committed).

    python sounds/make_sounds.py          # from the project root; needs numpy + soundfile
                                          # (see requirements-assets.txt)

Everything is made from noise, sines and a plucked string (Karplus-Strong, close to an oud
or a qanun), then shaped with soft envelopes and a low-pass, so nothing is shrill (docs/LOOK.md).
Mono, 44.1 kHz. Each file is normalised to a peak well below full scale (no clipping after
Vorbis encoding) and to a loudness that suits its role: ticks quiet, the win phrase fuller.
The script prints peak and RMS of every file as it reads it back.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import soundfile as sf

RATE = 44100
OUT = Path(__file__).resolve().parent
RNG = np.random.default_rng(20240601)  # fixed: the same files every run


# ---------------------------------------------------------------- building blocks
def t_axis(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * RATE)) / RATE


def env(seconds: float, attack: float, decay: float) -> np.ndarray:
    """Linear attack, then exponential decay with time constant `decay` seconds."""
    t = t_axis(seconds)
    rise = np.clip(t / max(attack, 1e-4), 0, 1)
    return rise * np.exp(-np.maximum(t - attack, 0) / decay)


def fade_out(x: np.ndarray, seconds: float = 0.02) -> np.ndarray:
    n = min(len(x), int(seconds * RATE))
    x = x.copy()
    x[-n:] *= np.linspace(1, 0, n)
    return x


def lowpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    """One-pole low-pass, run twice (12 dB/octave): takes the edge off everything."""
    a = np.exp(-2 * np.pi * cutoff / RATE)
    for _ in range(2):
        y = np.empty_like(x)
        acc = 0.0
        for i, v in enumerate(x):
            acc = (1 - a) * v + a * acc
            y[i] = acc
        x = y
    return x


def highpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    return x - lowpass(x, cutoff)


def noise(seconds: float) -> np.ndarray:
    return RNG.standard_normal(int(seconds * RATE))


def sine(freq: float, seconds: float, phase: float = 0.0) -> np.ndarray:
    return np.sin(2 * np.pi * freq * t_axis(seconds) + phase)


def pluck(freq: float, seconds: float, brightness: float = 0.5) -> np.ndarray:
    """Karplus-Strong plucked string. brightness 0..1: how long the high partials ring."""
    n = int(seconds * RATE)
    period = int(RATE / freq)
    buf = lowpass(RNG.uniform(-1, 1, period), 2500 + 4000 * brightness)
    out = np.empty(n)
    damping = 0.4990 + 0.0008 * brightness
    for i in range(n):
        j = i % period
        out[i] = buf[j]
        buf[j] = damping * (buf[j] + buf[(j + 1) % period])
    # the averaging filter keeps the noise's DC offset ringing: take it out
    return highpass(out, 60) * env(seconds, 0.002, seconds / 2.5)


def place(track: np.ndarray, sound: np.ndarray, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    end = min(len(track), start + len(sound))
    track[start:end] += gain * sound[: end - start]


def note(name: str) -> float:
    """Frequency of a note like "D5" or "Eb5" (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    letter, rest = name[0], name[1:]
    shift = rest.count("#") - rest.count("b")
    octave = int(rest.strip("#b"))
    return 440.0 * 2 ** ((steps[letter] + shift + 12 * (octave - 4)) / 12)


# ---------------------------------------------------------------- the sounds
def deal() -> np.ndarray:
    """Card flick: a short, soft burst of band-limited noise."""
    x = highpass(lowpass(noise(0.09), 3800), 900) * env(0.09, 0.004, 0.018)
    return fade_out(x)


def play() -> np.ndarray:
    """Card placed on felt: a muffled slap with a little low body."""
    slap = lowpass(noise(0.14), 1800) * env(0.14, 0.002, 0.025)
    body = sine(150, 0.14) * env(0.14, 0.002, 0.03) * 0.6
    return fade_out(slap + body)


def trick() -> np.ndarray:
    """Cards swept from the table: noise whose colour rises then falls."""
    seconds = 0.42
    t = t_axis(seconds)
    raw = noise(seconds)
    dark, bright = lowpass(raw, 700), highpass(lowpass(raw, 3200), 600)
    mix = np.sin(np.pi * t / seconds) ** 2
    x = (dark * (1 - mix) + bright * mix) * np.sin(np.pi * np.minimum(t / seconds, 1)) ** 1.5
    return fade_out(x)


def bell(freq: float, seconds: float) -> np.ndarray:
    """A soft, round bell: a few near-harmonic partials, the upper ones dying first."""
    partials = ((1.0, 1.0, 1.0), (2.0, 0.35, 0.45), (3.01, 0.15, 0.3), (4.2, 0.06, 0.18))
    x = sum(
        amp * sine(freq * ratio, seconds) * env(seconds, 0.004, seconds * life)
        for ratio, amp, life in partials
    )
    return x


def chime() -> np.ndarray:
    """Caida / mesa: two bell notes a fifth apart."""
    track = np.zeros(int(1.1 * RATE))
    place(track, bell(note("E5"), 1.0), 0.0)
    place(track, bell(note("B5"), 0.9), 0.09, 0.7)
    return fade_out(lowpass(track, 5000), 0.1)


def bid() -> np.ndarray:
    """Bid / declare: a wooden tap."""
    seconds = 0.12
    x = (
        sine(740, seconds) * env(seconds, 0.001, 0.018)
        + 0.5 * sine(1180, seconds) * env(seconds, 0.001, 0.01)
        + 0.3 * lowpass(noise(seconds), 2500) * env(seconds, 0.001, 0.006)
    )
    return fade_out(x)


def turn() -> np.ndarray:
    """Your turn: two plucked notes rising a fourth."""
    track = np.zeros(int(0.7 * RATE))
    place(track, pluck(note("D5"), 0.5, 0.4), 0.0)
    place(track, pluck(note("G5"), 0.55, 0.4), 0.12)
    return fade_out(lowpass(track, 4500), 0.08)


def tick() -> np.ndarray:
    """Timer tick: a very short, soft click."""
    seconds = 0.05
    x = sine(1000, seconds) * env(seconds, 0.001, 0.008) + 0.2 * lowpass(
        noise(seconds), 3000
    ) * env(seconds, 0.0005, 0.003)
    return fade_out(x, 0.01)


def round_end() -> np.ndarray:
    """Round over: a falling three-note phrase on the plucked string, landing on the tonic."""
    track = np.zeros(int(1.3 * RATE))
    for i, name in enumerate(("A4", "F#4", "D4")):
        place(track, pluck(note(name), 0.9, 0.45), i * 0.17, 1.0 if i < 2 else 1.15)
    return fade_out(lowpass(track, 4500), 0.15)


def win() -> np.ndarray:
    """Match won: a short rising phrase in maqam Hijaz on D (D Eb F# G A), resolved on D."""
    phrase = [
        ("D4", 0.00),
        ("Eb4", 0.13),
        ("F#4", 0.26),
        ("G4", 0.39),
        ("A4", 0.52),
        ("G4", 0.74),
        ("F#4", 0.87),
        ("D5", 1.02),
    ]
    track = np.zeros(int(2.3 * RATE))
    for i, (name, at) in enumerate(phrase):
        last = i == len(phrase) - 1
        place(track, pluck(note(name), 1.2 if last else 0.7, 0.5), at, 1.2 if last else 0.9)
    # a soft bell doubles the final note
    place(track, bell(note("D5"), 1.2), 1.02, 0.25)
    place(track, pluck(note("A4"), 1.0, 0.4), 1.06, 0.5)
    return fade_out(lowpass(track, 5000), 0.2)


# name -> (function, target RMS in dBFS). Peaks are capped at -3 dBFS.
SOUNDS = {
    "deal": (deal, -24),
    "play": (play, -22),
    "trick": (trick, -24),
    "chime": (chime, -22),
    "bid": (bid, -22),
    "turn": (turn, -21),
    "tick": (tick, -28),
    "round": (round_end, -20),
    "win": (win, -19),
}
PEAK_LIMIT_DB = -3.0


def normalise(x: np.ndarray, rms_db: float) -> np.ndarray:
    x = x - x.mean()
    gain = 10 ** (rms_db / 20) / max(np.sqrt(np.mean(x**2)), 1e-9)
    peak = np.max(np.abs(x)) * gain
    limit = 10 ** (PEAK_LIMIT_DB / 20)
    if peak > limit:
        gain *= limit / peak
    return x * gain


def db(v: float) -> float:
    return 20 * np.log10(max(v, 1e-9))


def write_ogg(path: Path, x: np.ndarray) -> None:
    """Encode to OGG Vorbis. libsndfile gives each Ogg stream a random serial number, so the
    bytes differ on every run: keep the old file when it decodes to the same samples."""
    fresh = path.with_suffix(".new.ogg")
    sf.write(fresh, x.astype(np.float32), RATE, format="OGG", subtype="VORBIS")
    if path.exists() and np.array_equal(sf.read(path)[0], sf.read(fresh)[0]):
        fresh.unlink()
    else:
        fresh.replace(path)


def main() -> None:
    for name, (make, rms_db) in SOUNDS.items():
        path = OUT / f"{name}.ogg"
        write_ogg(path, normalise(make(), rms_db))
        back, _ = sf.read(path)
        print(
            f"{path.name:10} {path.stat().st_size / 1024:5.1f} KB  {len(back) / RATE:4.2f} s  "
            f"peak {db(np.max(np.abs(back))):6.1f} dBFS  "
            f"rms {db(np.sqrt(np.mean(back**2))):6.1f} dBFS"
        )


if __name__ == "__main__":
    main()
