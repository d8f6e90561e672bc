/// Which comics a refresh brings up to date.
enum RefreshScope: Sendable, Equatable {
    /// Only the newest comic (`--latest`).
    case latest
    /// Comic `n` up to the newest (`--since N`); numbers below 1 count as 1.
    case since(Int)
    /// Every comic from 1 up to the newest (`--all`).
    case all

    /// The comic numbers this scope covers when `latest` is the newest number; empty when
    /// the scope starts after it.
    func numbers(upTo latest: Int) -> [Int] {
        let first: Int
        switch self {
        case .latest: first = latest
        case .since(let number): first = max(1, number)
        case .all: first = 1
        }
        return first <= latest ? Array(first...latest) : []
    }
}
