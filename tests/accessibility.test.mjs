// axe-core over the page in each state a player reaches: a game starting
// and in play, the settings open, the result panel, a review, analysis and
// the board editor (blind mode's states: blind.test.mjs).
import { test } from "node:test";
import { open, noAxeViolations, typeMove, waitMoves, waitStatus } from "./page.mjs";

test("no axe-core violation while playing, with the settings open, at the end, in review, analysis and the editor", async (t) => {
  const page = await open(t, "?depth=1&side=w");
  await noAxeViolations(page, "a new game");
  await page.locator("#settings > summary").click();
  await noAxeViolations(page, "the settings open");
  await page.locator("#settings > summary").click();
  await typeMove(page, "e4");
  await waitMoves(page, 2);
  await noAxeViolations(page, "a game in play");
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Really resign?" }).click();
  await page.getByRole("dialog").waitFor();
  await noAxeViolations(page, "the result panel");
  await page.getByRole("dialog").getByRole("button", { name: "Review" }).click();
  await page.locator(".review-accuracy").waitFor({ timeout: 120000 });
  await noAxeViolations(page, "a review");
  await page.locator("#analyse").click();
  await waitStatus(page, /Analysis: /);
  await noAxeViolations(page, "analysis");
  await page.getByText("PGN / FEN").click();
  await page.getByRole("button", { name: "Board editor" }).click();
  await page.getByRole("dialog", { name: "Board editor" }).waitFor();
  await noAxeViolations(page, "the board editor");
});
