"""A dashboard: a title, then a row of white cards on a grey page, each card holding one
shape with a word under it. The per-row backdrop steps where the cards start and end
(bands of cards, not a sky over a ground): nothing on the cards is dropped as lying above a
horizon, and the shapes are found and named."""

import cv2
import numpy as np

import spatioxolver

W, H = 1600, 620


def _card_page():
    img = np.full((H, W, 3), (243, 239, 236), np.uint8)  # (BGR of #eceff3)
    cv2.putText(img, "Overview", (80, 95), cv2.FONT_HERSHEY_DUPLEX, 2.2, (55, 41, 31), 4, cv2.LINE_AA)
    lefts = (80, 430, 780)
    cards = np.zeros((H, W), np.float32)
    for left in lefts:  # rounded white cards, each with a faint soft shadow 2 px down
        cv2.rectangle(cards, (left + 12, 215), (left + 283, 575), 1.0, -1)
        cv2.rectangle(cards, (left, 227), (left + 295, 563), 1.0, -1)
        for x, y in ((left + 12, 227), (left + 283, 227), (left + 12, 563), (left + 283, 563)):
            cv2.circle(cards, (x, y), 12, 1.0, -1, cv2.LINE_AA)
    shade = cv2.GaussianBlur(np.roll(cards, 2, 0), (0, 0), 4)
    img = img * (1 - 0.15 * shade[..., None])
    img = (img * (1 - cards[..., None]) + 255 * cards[..., None]).round().astype(np.uint8)
    cx = [left + 147 for left in lefts]
    diamond = np.array([(cx[0], 262), (cx[0] + 73, 335), (cx[0], 408), (cx[0] - 73, 335)], np.int32)
    cv2.fillPoly(img, [diamond], (17, 17, 17), cv2.LINE_AA)
    cv2.rectangle(img, (cx[1] - 76, 259), (cx[1] + 76, 411), (246, 130, 59), -1)  # blue, BGR
    cv2.circle(img, (cx[2], 336), 69, (246, 130, 59), -1, cv2.LINE_AA)
    for x, word in zip(cx, ("Sales", "Beta", "Traffic"), strict=True):
        cv2.putText(img, word, (x - 40, 465), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (99, 85, 75), 2, cv2.LINE_AA)
    return img[..., ::-1].copy()


def test_shapes_on_cards_in_a_row_are_all_found():
    graph = spatioxolver.build_scene_graph(_card_page())
    found = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert found == [("black", "diamond"), ("blue", "circle"), ("blue", "square")]
