// Its helper writes a byte of every packet.
public class LazyWrite extends LazyBase {
    public LazyWrite() {
        super("LazyWriteCheck");
    }
}
