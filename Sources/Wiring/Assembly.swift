// The Wiring library lives here.
