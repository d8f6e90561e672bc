/// Which comic a displaying command shows.
enum DisplayTarget: Sendable, Equatable {
    /// `latest`: the newest known comic.
    case latest
    /// `first`: the oldest known comic.
    case first
    /// `show N`.
    case number(Int)
    /// `random`, chosen by the active random picker.
    case random
    /// `random --unread`: a random comic among those not read yet.
    case randomUnread
    /// `next`: the comic after the last one shown (the first when none was shown).
    case next
    /// `prev`: the comic before the last one shown (the latest when none was shown).
    case previous
}
