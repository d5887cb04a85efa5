"""Work made ahead on quiet frames (QuietWork.make_ahead): a job that had no work takes no quiet
frame, and a picture drawn onto the browser's frame to be encoded for it leaves neither
pixels nor a note of damage behind (presenter.restored)."""

import pygame

from game.ui.presenter import DamageSurface, restored
from game.ui.quiet_work import first_with_work


def test_jobs_without_work_are_passed_until_one_has_some():
    ran: list[str] = []

    def job(name: str, work: bool):
        return lambda: ran.append(name) or work

    jobs = [job("stale", False), job("real", True), job("next", True)]
    assert first_with_work(jobs) is True
    assert ran == ["stale", "real"] and len(jobs) == 1
    assert first_with_work([job("none", False)]) is False


def test_drawing_in_restored_leaves_the_frame_and_its_damage_as_they_were():
    frame = DamageSurface((64, 48), 0, pygame.Surface((64, 48)))
    frame.fill((10, 20, 30))
    frame.take()  # shown: nothing drawn since
    frame.blit(pygame.Surface((4, 4)), (1, 1))  # drawn this frame before the job
    before, drawn = pygame.image.tobytes(frame, "RGB"), list(frame.drawn)
    with restored(frame, pygame.Rect(8, 8, 30, 20)):
        frame.fill((200, 0, 0), pygame.Rect(10, 10, 20, 10))
        frame.blit(pygame.Surface((6, 6)), (12, 12))
    assert pygame.image.tobytes(frame, "RGB") == before
    assert frame.drawn == drawn
