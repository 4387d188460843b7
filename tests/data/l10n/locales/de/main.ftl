welcome = Willkommen, { $user }!
files-deleted =
    { $count ->
        [one] Eine Datei wurde gelöscht.
       *[other] { $count } Dateien wurde gelöscht.
    }
