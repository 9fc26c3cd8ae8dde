/* test_api_prepare_image.c: loaded by name only (ApiImg.run) */
public class ApiImgHelper implements ApiImgCheck {
    private final int[] w = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3 };

    public int weigh(int x) {
        return w[x] * (x + 1);
    }
}
