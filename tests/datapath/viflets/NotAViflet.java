public class NotAViflet {
    public NotAViflet() {
    }
}
