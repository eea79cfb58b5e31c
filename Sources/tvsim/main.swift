print("tvsim")
