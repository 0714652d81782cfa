declare global {
  interface HTMLElementTagNameMap {
    "kibitz-game": KibitzGameElement;
  }
}

/** What each event of `<kibitz-game>` carries in `detail`. */
export interface KibitzGameEventMap {
  /** The engine has started. */
  ready: CustomEvent<{ version: string }>;
  /** A move was played, by the player or by Kibitz. */
  move: CustomEvent<{ san: string; uci: string; fen: string; by: "player" | "kibitz" }>;
  /** The game is over: its result ("1-0", "0-1", "1/2-1/2") and how it ended. */
  gameover: CustomEvent<{ result: string; reason: string }>;
  /** The engine failed, or an attribute was refused: the message says which. */
  error: CustomEvent<{ message: string }>;
}

export interface KibitzGameElement {
  addEventListener<K extends keyof KibitzGameEventMap>(
    type: K,
    listener: (this: KibitzGameElement, ev: KibitzGameEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof KibitzGameEventMap>(
    type: K,
    listener: (this: KibitzGameElement, ev: KibitzGameEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
