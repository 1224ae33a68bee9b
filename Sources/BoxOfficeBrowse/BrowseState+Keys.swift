import BoxOfficeCore
import BoxOfficeReviews

/// What a key does: moving, opening, going back, typing a search, filling a review.
extension BrowseState {
    mutating func press(_ key: BrowseKey) -> [BrowseEffect] {
        if key == .interrupt { return quit() }
        // The cost question, once nothing is being typed (a search or a review keeps its keys):
        // y or Y fetches; any other key declines, and does nothing else, so that the key that
        // said no (d, w) does not ask for the same page again.
        if let asked = asking, form == nil, input == nil {
            asking = nil
            if key == .character("y") || key == .character("Y") {
                status = nil
                loading.insert(asked)
                return [.fetchApproved(asked)]
            }
            if pending?.request == asked { pending = nil }
            status = "not fetched"
            return []
        }
        if form != nil { return fill(key) }
        if input != nil { return type(key) }
        status = nil
        if case .calendar = top.screen { return calendarKey(key) }
        switch key {
        case .up, .character("k"): return moveSelection(by: -1)
        case .down, .character("j"): return moveSelection(by: 1)
        case .pageUp: return moveSelection(by: -bodyRows)
        case .pageDown: return moveSelection(by: bodyRows)
        case .home, .character("g"): return moveSelection(to: 0)
        case .end, .character("G"): return moveSelection(to: Int.max)
        case .enter, .right, .character("l"): return openSelected()
        case .escape, .left, .backspace, .character("h"): return back()
        // As tig's: q closes this screen, and quits only from the first; Q quits from any.
        case .character("q"): return pages.count > 1 || pending != nil ? back() : quit()
        case .character("Q"): return quit()
        case .character("]"): return stepDay(by: 1)
        case .character("["): return stepDay(by: -1)
        case .character("t"): return goHome()
        case .character("w"): return cyclePeriod()
        case .character("d"): return toggleDeep()
        case .character("c"): return openCalendar()
        case .character("R"): return openRecords()
        case .character("/"):
            input = ""
            return []
        case .character("?"):
            guard top.screen != .help else { return [] }
            pages.append(BrowsePage(.help))
            return cancelPending()
        case .character("r"): return refresh()
        case .character("v"): return startReview()
        case .character("p"): return showPoster()
        default: return []
        }
    }

    mutating func showPoster() -> [BrowseEffect] {
        guard case let .movie(code) = top.screen else { return [] }
        switch answers[.poster(code)] {
        case let .poster(url?)?: return [.showPoster(url)]
        case .poster(nil)?: status = "no poster was found for this film"
        default:
            status = posters ? "the poster is still being looked up" : "posters need KAKAO_REST_API_KEY or OMDB_API_KEY (see 'boxoffice help movie')"
        }
        return []
    }

    // MARK: - Reviews

    /// `v` on a film or its reviews: the form, with the same rules as `review add`.
    mutating func startReview() -> [BrowseEffect] {
        switch top.screen {
        case let .movie(code), let .reviews(code):
            let title = if case let .movie(film)? = answers[.movie(code)] { film.title } else { code }
            form = ReviewForm(movieCode: code, title: title)
        default:
            status = "v adds a review from a film's details"
        }
        return []
    }

    mutating func fill(_ key: BrowseKey) -> [BrowseEffect] {
        guard var form else { return [] }
        guard !form.sending else { return [] }
        switch key {
        case .escape:
            self.form = nil
            status = "the review was not added"
            return []
        case .tab, .down:
            form.field = (form.field + 1) % ReviewForm.Field.allCases.count
        case .up:
            form.field = (form.field + ReviewForm.Field.allCases.count - 1) % ReviewForm.Field.allCases.count
        case .enter:
            guard form.field == ReviewForm.Field.allCases.count - 1 else {
                form.field += 1
                break
            }
            form.sending = true
            self.form = form
            status = nil
            return [.addReview(form)]
        case .backspace:
            form.values[form.field] = String(form.values[form.field].dropLast())
        case let .character(character):
            if TextWidthLimit.hasRoom(form.values[form.field], review: form.field == ReviewForm.Field.text.rawValue) {
                form.values[form.field].append(character)
            }
        default:
            break
        }
        self.form = form
        return []
    }

    /// The review's outcome: added (the form closes, the reviews are read again) or refused
    /// (the form stays as it was typed, with the reason).
    mutating func reviewed(_ code: String, _ message: String, added: Bool) -> [BrowseEffect] {
        status = message
        guard added else {
            form?.sending = false
            return []
        }
        form = nil
        let request = BrowseRequest.reviews(code)
        guard answers[request] != nil || top.screen == .reviews(code) else { return [] }
        loading.insert(request)
        return [.fetch(request, refresh: false)]
    }

    mutating func quit() -> [BrowseEffect] {
        quitting = true
        return [.quit]
    }

    /// The search line: typing, Backspace, Enter searches, Esc closes it.
    mutating func type(_ key: BrowseKey) -> [BrowseEffect] {
        guard let text = input else { return [] }
        switch key {
        case let .character(character):
            if TextWidthLimit.hasRoom(text) { input = text + String(character) }
        case .backspace:
            input = String(text.dropLast())
        case .escape:
            input = nil
        case .enter:
            let title = text.composed.trimmingBlanksAndNewlines()
            input = nil
            guard !title.isEmpty else { return [] }
            return open(BrowsePage(.search(title)), push: true)
        default:
            break
        }
        return []
    }

    mutating func moveSelection(by offset: Int) -> [BrowseEffect] {
        let count = items(of: top).count
        let lines = lines(of: top).count
        // Nothing to choose (the keys, a film's reviews), or past the last item with text below
        // it (a film's run): the lines scroll.
        guard count > 0, offset < 0 || top.selection < count - 1 else {
            top.top = min(max(0, top.top + offset), max(0, lines - BrowsePage.window(bodyRows, lines: lines)))
            return []
        }
        return moveSelection(to: min(max(0, top.selection + offset), count - 1))
    }

    mutating func moveSelection(to index: Int) -> [BrowseEffect] {
        let count = items(of: top).count
        guard count > 0 else { return moveSelection(by: index == 0 ? -top.top : Int.max / 2) }
        top.selection = min(max(0, index), count - 1)
        top.scroll(within: bodyRows, lines: lines(of: top))
        return prefetch ? fetchAhead(selectedFilm()) : []
    }

    mutating func openSelected() -> [BrowseEffect] {
        let items = items(of: top)
        guard items.indices.contains(top.selection) else { return [] }
        switch items[top.selection] {
        case let .open(screen): return open(BrowsePage(screen), push: true)
        case .none: return []
        }
    }

    /// Back to the screen before, dropping what this one still waited for. On the first screen,
    /// nothing happens: a stray Esc never ends the view (q does).
    mutating func back() -> [BrowseEffect] {
        if pending != nil { return cancelPending() }
        guard pages.count > 1 else { return [] }
        let left = pages.removeLast()
        guard let request = left.screen.request, loading.contains(request),
              !pages.contains(where: { $0.screen.request == request }) else { return [] }
        loading.remove(request)
        return [.cancel(request)]
    }

    mutating func cancelPending() -> [BrowseEffect] {
        guard let pending else { return [] }
        self.pending = nil
        guard loading.contains(pending.request), !pages.contains(where: { $0.screen.request == pending.request }) else { return [] }
        loading.remove(pending.request)
        return [.cancel(pending.request)]
    }

    /// Opens a screen: at once when its answer is known, else once it arrives.
    mutating func open(_ page: BrowsePage, push: Bool) -> [BrowseEffect] {
        var effects = cancelPending()
        guard let request = page.screen.request, answers[request] == nil else {
            return effects + show(page, push: push)
        }
        pending = Pending(request: request, page: page, push: push)
        if loading.insert(request).inserted { effects.append(.fetch(request, refresh: false)) }
        return effects
    }

    mutating func show(_ page: BrowsePage, push: Bool) -> [BrowseEffect] {
        var page = page
        page.scroll(within: bodyRows, lines: lines(of: page))
        if push { pages.append(page) } else { top = page }
        var effects = ahead()
        if case let .people(name, film) = page.screen { effects += openSingleMatch(name: name, film: film) }
        return effects
    }
}
