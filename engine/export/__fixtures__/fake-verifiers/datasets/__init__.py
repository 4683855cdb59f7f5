class Dataset(list):
    @classmethod
    def from_list(cls, rows):
        return cls(rows)
