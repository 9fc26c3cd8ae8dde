public enum E21 { A, B, C }
