
declare global {
  interface HTMLElementTagNameMap {
    "kibitz-game": KibitzGameElement;
  }
}
