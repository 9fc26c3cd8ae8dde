// Its helper reads byte 70 (past the 64 bytes a prefix copy holds).
public class LazyRead extends LazyBase {
    public LazyRead() {
        super("LazyReadCheck");
    }
}
