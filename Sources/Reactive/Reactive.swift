// Reactive: a Combine-compatible core for platforms without Combine.
