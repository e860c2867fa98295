import WikiDocuments

/// Where a list of titles in a lasting order (all pages, the orphaned pages, the wanted titles)
/// is cut into files: at places the titles themselves choose, as content-defined chunking cuts a
/// stream of bytes, so that a title added or removed changes the file it falls in (and at times
/// the one beside it), not every later file as cutting every `n` entries would.
///
/// A list of at most `entriesPerFile` titles is one file. A longer one is cut after a title
/// whose digest is a multiple of `spacing`, once the file holds at least `minimum` entries, and
/// after `maximum` entries wherever it is: files of `entriesPerFile` entries on average, never
/// fewer than `minimum` (but the last) nor more than `maximum`. Each file after the first is
/// named by its first title (`SiteLayout.special(_:from:ofWiki:)`).
/// Files are numbered from 1, as `Pagination` numbers the files of a list by date, and answer
/// the same questions: how many, which entries each holds, which holds an entry.
package struct TitleCuts: Sendable, Equatable {
    /// The entries of each file, in order: at least one file (empty for an empty list).
    private let files: [Range<Int>]

    /// The cuts of a list of `count` titles, `title(i)` being the `i`th.
    package init(count: Int, entriesPerFile: Int, title: (Int) -> String) {
        precondition(entriesPerFile > 0 && count >= 0)
        guard count > entriesPerFile else {
            files = [0..<count]
            return
        }
        var files: [Range<Int>] = []
        var start = 0
        for index in 0..<count
        where Self.endsFile(withEntry: index - start + 1, titled: title(index), entriesPerFile: entriesPerFile) {
            files.append(start..<index + 1)
            start = index + 1
        }
        if start < count { files.append(start..<count) }
        self.files = files
    }

    /// Whether a file of a list longer than `entriesPerFile` ends with its entry number `length`
    /// (from 1), titled `title`: the rule of every cut, which depends on nothing before the file's
    /// start, so a list can be cut again from the start of any of its files.
    package static func endsFile(withEntry length: Int, titled title: String, entriesPerFile: Int) -> Bool {
        let minimum = max(1, entriesPerFile / 2)
        guard length >= minimum else { return false }
        return length == entriesPerFile * 4 || digest(of: title) % UInt64(max(1, entriesPerFile - minimum)) == 0
    }

    /// The digest that says whether a file may end with `title`: the same on every machine. The
    /// fingerprint of titles that differ in a digit or two is finished with MurmurHash3's mixer,
    /// so that its remainders are as even as its bits.
    private static func digest(of title: String) -> UInt64 {
        var digest = Fingerprint()
        digest.add("title cut")
        digest.add(title)
        var mixed = UInt64(bitPattern: digest.value)
        mixed = (mixed ^ (mixed >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        mixed = (mixed ^ (mixed >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return mixed ^ (mixed >> 33)
    }

    /// How many files the list needs: at least one.
    package var fileCount: Int { files.count }

    /// The positions, in the whole list, of the entries of file `number` (1-based).
    package func entries(ofFile number: Int) -> Range<Int> {
        precondition((1...fileCount).contains(number), "no file \(number) of \(fileCount)")
        return files[number - 1]
    }

    /// The number of the file holding the entry at `position` in the whole list.
    func file(containingEntryAt position: Int) -> Int {
        precondition((0..<files[files.count - 1].upperBound).contains(position))
        var (low, high) = (0, files.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if files[middle].lowerBound <= position { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}
